import { isPetStatus } from '../contract/contract.ts';
import { exactJson, exactPetId, integerOfText, sameValue, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { judgeOutOfDomain } from './out-of-domain.ts';
import { petDifferences } from './pet-fields.ts';
import { firstProblem, notErrorResponse, notSuccess, type Problem, unsound } from './problems.ts';
import {
  about,
  type Check,
  fail,
  type Judgement,
  judged,
  pass,
  skip,
  unjudged,
  warn,
} from './types.ts';

/** A pet as createPet returned it, and getPet's answer for its id. */
export interface FetchObservation {
  created: Record<string, unknown>;
  ex: Exchange;
  /**
   * When the first read differed in a way another client's write could explain: more pets
   * created with the same fields, each read at once, until one reads back as created (at most
   * AGAIN_AT_MOST). Another client would have to strike every one of them between its create
   * and its read; a service that loses or garbles what it stores fails them all.
   */
  again?: ReadonlyArray<{ created: Record<string, unknown>; ex: Exchange }>;
}

/** How many more pets a read that another client could have spoilt is tried on. */
export const AGAIN_AT_MOST = 2;

/**
 * The fields a read straight after createPet must show as created: `status` may have moved on
 * to another PetStatus since (transitions are not shown), and a pet created without one may have
 * gained one; but a pet that had a status still has one (the run model's rule, modelDifferences).
 */
function asCreated(created: Record<string, unknown>, seen: Record<string, unknown>): string[] {
  const lost = created.status !== undefined && !isPetStatus(seen.status);
  return ['id', 'name', 'categoryId', ...(lost ? ['status'] : [])];
}

/** What getPet's answer for a pet just created shows wrong, or undefined. */
export function fetchProblem(created: Record<string, unknown>, ex: Exchange): Problem {
  return firstProblem(
    () => notSuccess(ex, 200, 'pet', 'Pet'),
    () => {
      const seen = exactJson(ex) as Record<string, unknown>;
      const diffs = petDifferences(created, seen, asCreated(created, seen));
      const text = `not the pet created: ${diffs.join('; ')}`;
      return diffs.length ? finding('not-as-created', { differences: diffs }, text) : undefined;
    },
  );
}

/**
 * True when a read of a pet just created went wrong in a way another client could have caused
 * (it deleted or changed the pet in between: a 404, or another pet's fields): read a second pet.
 */
export function worthAgain(created: Record<string, unknown>, ex: Exchange): boolean {
  const status = ex.response?.status;
  return (status === 404 || status === 200) && fetchProblem(created, ex) !== undefined;
}

export const GET_200_PET: Check<FetchObservation> = {
  id: 'GET-200-PET',
  title:
    'GET /pets/{petId} of a pet just created -> 200 with the Pet createPet returned (status may have moved on to another value, but not vanished)',
  operation: 'getPet',
  clause: CLAUSES.get200,
  level: 'MUST',
  writes: true,
  judge: judgeFetch,
};

/** A read straight after createPet: as created, or (when read again) a fault every twin shows. */
export function judgeFetch({ created, ex, again = [] }: FetchObservation): Judgement {
  const problem = fetchProblem(created, ex);
  if (!problem) return pass(`200 with pet ${showValue(created.id)} as created`);
  if (again.length === 0 || !worthAgain(created, ex)) return fail(problem, [ex]);
  const exchanges = [ex, ...again.map((a) => a.ex)];
  const seconds = again.map((a) => fetchProblem(a.created, a.ex));
  if (seconds.every((second) => second !== undefined)) {
    const text = `; ${again.length} more pet(s) created with the same fields, each read at once: ${seconds.join('; ')}`;
    return fail(problem, exchanges, { after: text });
  }
  return warn(
    `pet ${showValue(created.id)}: ${problem}, but another pet created with the same fields read back as created: another client may have changed or deleted the first (the contract does not show those operations)`,
    exchanges,
  );
}

/** An id sent to getPet and the answer. */
export interface IdObservation {
  id: string;
  ex: Exchange;
}

/** True when getPet answered 200 with a valid Pet whose exact id is `id`. */
export function isThatPet(ex: Exchange, id: string): boolean {
  const got = exactPetId(ex);
  return (
    ex.response?.status === 200 &&
    got !== undefined &&
    integerOfText(id) === BigInt(got) &&
    notSuccess(ex, 200, 'pet', 'Pet') === undefined
  );
}

/** An id believed unknown, getPet's answer, and the ids tried before it that turned out assigned. */
export interface UnknownIdObservation extends IdObservation {
  assigned?: readonly string[];
}

/** What is wrong with getPet's answer for `id`, if it is not a 200 with a Pet of that exact id. */
function notThatPet(ex: Exchange, id: string, asked: string) {
  return firstProblem(
    () => notSuccess(ex, 200, 'pet', 'Pet'),
    () => {
      const got = exactPetId(ex);
      return got !== undefined && sameValue(integerOfText(id), BigInt(got))
        ? undefined
        : finding('other-pet', { asked: id, got }, `asked for ${asked} ${id}, got pet ${got}`);
    },
  );
}

export const GET_404_UNKNOWN: Check<UnknownIdObservation> = {
  id: 'GET-404-UNKNOWN',
  title: 'GET /pets/{petId} of an id no pet has -> 404 Error',
  operation: 'getPet',
  clause: CLAUSES.get404,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex, assigned = [] }) => {
    // No id may be assumed unassigned: a pet that exists is not a failure, only no test. But a
    // store holding a pet at every id tried, spread over int64 with both bounds, answers no id
    // 404: the clause is left unjudged by the target, which for a MUST is its failure (settle).
    const tried = assigned.length ? ` (ids ${assigned.join(', ')} exist: picked another)` : '';
    if (isThatPet(ex, id)) {
      const text = `getPet answered a pet for every id tried (${assigned.join(', ')}), so no 404 could be judged: a store that holds a pet at every id across int64 answers no id 404`;
      return unjudged('target-found-every-id', text, [ex]);
    }
    return judged(notErrorResponse(ex, 404), `id ${id}: 404 with a valid Error body${tried}`, ex);
  },
};

export const GET_ID_ANY: Check<IdObservation> = {
  id: 'GET-ID-ANY',
  title:
    'GET /pets/{petId} for generated int64 ids (0, negatives, both bounds, beyond 2^53) -> 200 that Pet or 404 Error, never 400, 422 or 5xx',
  operation: 'getPet',
  clause: CLAUSES.getPetId,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex }) => {
    const broken = unsound(ex);
    if (broken) return fail(broken, [ex], about(`id ${id}`));
    const status = ex.response?.status ?? 0;
    if (status === 404) return judged(notErrorResponse(ex, 404), `id ${id}: 404 Error`, ex);
    if (status === 200) {
      const problem = notThatPet(ex, id, 'id');
      return judged(problem, `id ${id}: 200 with that Pet`, ex);
    }
    // An int64 id is within the rules: the contract lists 400 for createPet alone, and an id
    // no pet has is answered 404 (getPet, Responses). A 400 or 422 says the id itself was refused.
    if ((status === 400 || status === 422) && !notErrorResponse(ex, status)) {
      const text = `${status} Error for a valid int64 id: getPet lists 400 for no input, and an id no pet has gets 404`;
      return fail(
        finding('valid-id-refused', { expected: [200, 404], got: status }, text),
        [ex],
        about(`id ${id}`),
      );
    }
    return fail(
      finding(
        'status-mismatch',
        { expected: [200, 404], got: status },
        `expected 200 or 404, got ${status}`,
      ),
      [ex],
      about(`id ${id}`),
    );
  },
};

export const GET_ID_NOT_INT64: Check<IdObservation> = {
  id: 'GET-ID-NOT-INT64',
  title:
    'GET /pets/{petId} with a petId that is not an int64 (abc, 1.5, 1e3, ...) -> a 4xx Error (400/404: pass, other: warn) or 200 Pet (warn), never 5xx',
  operation: 'getPet',
  clause: CLAUSES.getPetId,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex }) =>
    judgeOutOfDomain(`petId ${JSON.stringify(id)}`, ex, (answer) =>
      notSuccess(answer, 200, 'pet', 'Pet'),
    ),
};

/**
 * A pet listPets showed, getPet's answer for its id, and whether listPets still showed it once
 * getPet said 404 (another client may delete pets through operations the contract does not
 * show: a pet gone by then is no finding).
 */
export interface ListedObservation {
  id: string;
  ex: Exchange;
  stillListed?: boolean;
}

export const GET_200_LISTED: Check<ListedObservation> = {
  id: 'GET-200-LISTED',
  title:
    'GET /pets/{petId} of a pet listPets shows -> 200 with a Pet of that id (read-only: judged on a pet the service holds)',
  operation: 'getPet',
  clause: CLAUSES.get200,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex, stillListed }) => {
    if (ex.response?.status === 404 && stillListed === false)
      return skip(`pet ${id} was gone by the time it was fetched (another client may delete pets)`);
    const problem = notThatPet(ex, id, 'listed pet');
    return judged(problem, `pet ${id}, as listed: 200 with a Pet of that id`, ex);
  },
};

export const GET_CHECKS = [
  GET_200_PET,
  GET_200_LISTED,
  GET_404_UNKNOWN,
  GET_ID_ANY,
  GET_ID_NOT_INT64,
] as const;
