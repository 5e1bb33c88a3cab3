import { isValidNewPet } from '../arbitraries/wire.ts';
import { isPetStatus, LIMIT, type PetStatus } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type Owed, owedProblem } from './owed.ts';
import { notClientError, notErrorResponse, notSuccess, type Problem, unsound } from './problems.ts';
import { about, type Check, fail, type Judgement, pass, warnOf } from './types.ts';

/** Generated input (described) and the answer to it. */
export interface FuzzObservation {
  input: string;
  ex: Exchange;
  /** The input itself (the query's names and values, or the body's value), when it is data. */
  sent?: unknown;
}

/** A query within listPets' rules (limit 1..100 as a plain integer, a PetStatus), as owed. */
export function listQueryOwed(query: unknown): Owed | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const { limit, status, ...rest } = query as Record<string, unknown>;
  if (Object.keys(rest).length) return undefined;
  const n = typeof limit === 'string' && /^[1-9]\d{0,2}$/.test(limit) ? Number(limit) : undefined;
  if (limit !== undefined && (n === undefined || n > LIMIT.max)) return undefined;
  if (status !== undefined && !isPetStatus(status)) return undefined;
  return {
    op: 'listPets',
    ...(n === undefined ? {} : { limit: n }),
    ...(status === undefined ? {} : { status: status as PetStatus }),
  };
}

/**
 * Paging parameters that name a position and nothing else: a page or offset number carries no
 * page size, so without a limit the default one (20) still bounds the page. A cursor may carry
 * the size of the page it was made from, and a parameter of another name may be a size.
 */
const POSITIONS = ['page', 'offset', 'skip', 'start'];

/** Every parameter but one status is a position (POSITIONS) with a plain number for its value. */
function onlyPositions(params: readonly (readonly [string, unknown])[]): boolean {
  return (
    params.filter(([name]) => name === 'status').length <= 1 &&
    params.every(
      ([name, value]) =>
        name === 'status' ||
        (POSITIONS.includes(name) && typeof value === 'string' && /^\d{1,9}$/.test(value)),
    )
  );
}

/**
 * What a query's valid limit and status still fix when it carries more (a paging parameter of
 * the server's own, a name twice): a limit named once with a valid value still bounds the page,
 * a status named once still filters it. Without a limit, the default bounds a page asked for by
 * position only (`page=2`, `offset=40`: limit's default is listPets' own, whatever else the query
 * holds); else only the maximum (a cursor's page, or a size parameter of the server's own).
 */
export function listQueryBound(query: unknown): Owed & { op: 'listPets' } {
  const params =
    typeof query === 'string'
      ? [...new URLSearchParams(query)]
      : typeof query === 'object' && query !== null
        ? Object.entries(query as Record<string, unknown>)
        : [];
  const once = (name: string) => {
    const values = params.filter(([n]) => n === name).map(([, v]) => v);
    return values.length === 1 ? values[0] : undefined;
  };
  const limit = once('limit');
  const status = once('status');
  const n = typeof limit === 'string' && /^[1-9]\d{0,2}$/.test(limit) ? Number(limit) : undefined;
  const unnamed = params.every(([name]) => name !== 'limit') && onlyPositions(params);
  return {
    op: 'listPets',
    limit: n !== undefined && n <= LIMIT.max ? n : unnamed ? LIMIT.default : LIMIT.max,
    ...(isPetStatus(status) ? { status } : {}),
  };
}

/** A body that is a NewPet and nothing more, as owed. */
export function newPetOwed(value: unknown): Owed | undefined {
  if (!isValidNewPet(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const known = ['name', 'categoryId', 'status'];
  return Object.keys(fields).every((k) => known.includes(k))
    ? { op: 'createPet', pet: fields }
    : undefined;
}

/** An input within the contract's rules is owed its outcome, whatever status came back. */
function judgeOwed(owed: Owed, { input, ex }: FuzzObservation): Judgement {
  const problem = owedProblem(owed, ex);
  const within = ' (the input is within the contract’s rules: its outcome is fixed)';
  return problem ? fail(problem, [ex], about(input, within)) : pass(`${input}: as owed`);
}

function judgeSoundAnswer(
  { input, ex }: FuzzObservation,
  expected: Record<number, (ex: Exchange) => Problem>,
): Judgement {
  const broken = unsound(ex);
  if (broken) return fail(broken, [ex], about(input));
  const status = ex.response?.status ?? 0;
  const judgeBody = expected[status];
  if (!judgeBody) {
    // Any 4xx is a sane refusal, but only with an Error body (Errors), as for the listed ones.
    const problem = notClientError(ex);
    if (problem) return fail(problem, [ex], about(input, undefined, `${status} but `));
    return warnOf(`${input}: unexpected status ${status}`, ex);
  }
  const problem = judgeBody(ex);
  return problem
    ? fail(problem, [ex], about(input, undefined, `${status} but `))
    : pass(`${input}: ${status}`);
}

export const ROBUST_LIST_ANY_QUERY: Check<FuzzObservation> = {
  id: 'ROBUST-LIST-ANY-QUERY',
  title:
    'GET /pets with generated query strings (names repeated too) -> 200 Pets or 400 Error (another 4xx Error: warn), never 5xx, a hang or a malformed body; a query within the rules -> the page it asks for; a 200 to one with more in it still holds a valid limit and status named once',
  operation: 'listPets',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: false,
  judge: (obs) => {
    const owed = listQueryOwed(obs.sent);
    if (owed) return judgeOwed(owed, obs);
    const bound = listQueryBound(obs.sent);
    return judgeSoundAnswer(obs, {
      200: (ex) => owedProblem(bound, ex),
      400: (ex) => notErrorResponse(ex, 400),
    });
  },
};

export const ROBUST_CREATE_ANY_JSON: Check<FuzzObservation> = {
  id: 'ROBUST-CREATE-ANY-JSON',
  title:
    'POST /pets with generated JSON values -> 201 Pet or 400 Error (another 4xx Error: warn), never 5xx, a hang or a malformed body; a NewPet -> 201 echoing it',
  operation: 'createPet',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: true,
  judge: (obs) => {
    const owed = newPetOwed(obs.sent);
    if (owed) return judgeOwed(owed, obs);
    return judgeSoundAnswer(obs, {
      201: (ex) => notSuccess(ex, 201, 'pet', 'Pet'),
      400: (ex) => notErrorResponse(ex, 400),
    });
  },
};

/**
 * A NewPet the contract prescribes no answer to (body-forms.ts): a 201 Pet, or a 400, 413 or 415
 * Error, all pass (any other 4xx Error warns); a 5xx, an error without its Error body, or a
 * malformed answer fails.
 */
function judgeOpenBody(obs: FuzzObservation): Judgement {
  return judgeSoundAnswer(obs, {
    201: (ex) => notSuccess(ex, 201, 'pet', 'Pet'),
    400: (ex) => notErrorResponse(ex, 400),
    413: (ex) => notErrorResponse(ex, 413),
    415: (ex) => notErrorResponse(ex, 415),
  });
}

export const ROBUST_CREATE_MEDIA: Check<FuzzObservation> = {
  id: 'ROBUST-CREATE-MEDIA',
  title:
    'POST /pets with a NewPet as text/plain, form, XML, octets, a charset other than UTF-8 or no Content-Type -> 201 Pet, 400 or 415 Error (another 4xx Error: warn), never 5xx, a hang or a malformed body',
  operation: 'createPet',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: true,
  judge: judgeOpenBody,
};

export const ROBUST_CREATE_TEXT: Check<FuzzObservation> = {
  id: 'ROBUST-CREATE-TEXT',
  title:
    'POST /pets with a NewPet in JSON text RFC 8259 leaves open (a byte order mark, a lone surrogate escape, a member twice, an extra member nested 64 deep, a categoryId nested 5000 deep) -> 201 Pet or a 400, 413 or 415 Error (another 4xx Error: warn), never 5xx, a hang or a malformed body',
  operation: 'createPet',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: true,
  judge: judgeOpenBody,
};

export const ROBUST_CHECKS = [
  ROBUST_LIST_ANY_QUERY,
  ROBUST_CREATE_ANY_JSON,
  ROBUST_CREATE_MEDIA,
  ROBUST_CREATE_TEXT,
] as const;
