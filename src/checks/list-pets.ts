import { plural } from '../base/plural.ts';
import { LIMIT, type PetStatus } from '../contract/contract.ts';
import { exactJson, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type EmptyRecheck, emptyPageJudgement } from './empty-page.ts';
import { type Finding, finding } from './finding.ts';
import { judgeOutOfDomain } from './out-of-domain.ts';
import {
  firstProblem,
  itemCount,
  notJson,
  notMatching,
  notPetPage,
  statusIsNot,
} from './problems.ts';
import {
  about,
  type Check,
  fail,
  type Judgement,
  judged,
  pass,
  precondition,
  warn,
} from './types.ts';

// An envelope ({ data: [...] }) is the commonest way to break "bare array": name it.
function notBareArray(ex: Exchange): Finding | undefined {
  const body = ex.response?.json;
  if (Array.isArray(body)) return undefined;
  const kind = body === null ? 'null' : typeof body;
  const text = `body is ${kind === 'object' ? 'an object (an envelope?)' : kind}, expected a bare JSON array`;
  return finding('not-bare-array', { kind }, text);
}

export const LIST_200_PETS: Check<Exchange> = {
  id: 'LIST-200-PETS',
  title: 'GET /pets -> 200 with a bare JSON array of valid Pets',
  operation: 'listPets',
  clause: CLAUSES.list200,
  level: 'MUST',
  writes: false,
  judge: (ex) =>
    judged(
      firstProblem(
        () => statusIsNot(ex, 200),
        () => notJson(ex),
        () => notBareArray(ex),
        () => notMatching(ex, 'pets', 'Pets array'),
      ),
      `200 with a bare array of ${plural(itemCount(ex), 'valid Pet')}`,
      ex,
    ),
};

/** A listPets call with a limit, its answer, and (when known) how many pets exist at least. */
export interface LimitObservation {
  limit: number;
  ex: Exchange;
  known?: number;
  /** The page asked for again when it came back empty while pets exist. */
  recheck?: EmptyRecheck;
}

/**
 * A page shorter than its limit while more pets exist than the limit lets through: the page
 * keeps the limit, but shows nothing of it (a server that ignores limits and serves one fixed pet
 * passes too). The contract leaves open whether a page is full, so this is a warning, not a failure.
 */
export function limitUntested(limit: number, ex: Exchange, known?: number): Judgement | undefined {
  const count = itemCount(ex);
  if (known === undefined || known <= limit || count >= limit) return undefined;
  return warn(
    `${plural(count, 'pet')} listed, though at least ${known} exist: a page shorter than its limit (${limit}) does not show the limit is kept`,
    [ex],
  );
}

/** A page that keeps its limit, judged with what the harness knows exists. */
function judgeLimit(
  limit: number,
  ex: Exchange,
  known: number | undefined,
  label: string,
  recheck?: EmptyRecheck,
) {
  const problem = notPetPage(ex, limit);
  if (problem) return judged(problem, '', ex);
  return (
    emptyPageJudgement(ex, known ?? 0, 'pets', recheck) ??
    limitUntested(limit, ex, known) ??
    pass(`${label}200 with ${plural(itemCount(ex), 'Pet')}`)
  );
}

function limitCheck(id: string, title: string): Check<LimitObservation> {
  return {
    id,
    title,
    operation: 'listPets',
    clause: CLAUSES.listLimit,
    level: 'MUST',
    writes: false,
    judge: ({ limit, ex, known, recheck }) =>
      judgeLimit(limit, ex, known, `limit=${limit}: `, recheck),
  };
}

export const LIST_LIMIT_MIN = limitCheck(
  'LIST-LIMIT-MIN',
  `GET /pets?limit=${LIMIT.min} -> 200 with at most ${LIMIT.min} Pet`,
);
export const LIST_LIMIT_MAX = limitCheck(
  'LIST-LIMIT-MAX',
  `GET /pets?limit=${LIMIT.max} -> 200 with at most ${LIMIT.max} Pets`,
);
export const LIST_LIMIT_RANGE = limitCheck(
  'LIST-LIMIT-RANGE',
  `GET /pets?limit=N for every N in ${LIMIT.min}..${LIMIT.max} -> 200 with at most N Pets`,
);

/** The answer without `limit`, and how many pets the harness could see exist. */
export interface DefaultLimitObservation {
  known: number;
  ex: Exchange;
  recheck?: EmptyRecheck;
}

export const LIST_LIMIT_DEFAULT: Check<DefaultLimitObservation> = {
  id: 'LIST-LIMIT-DEFAULT',
  title: `GET /pets without limit, more than ${LIMIT.default} pets existing -> at most ${LIMIT.default} Pets, and not none`,
  operation: 'listPets',
  clause: CLAUSES.listLimitDefault,
  level: 'MUST',
  writes: false,
  judge: ({ known, ex, recheck }) => {
    if (known <= LIMIT.default) {
      return precondition(
        `needs more than ${LIMIT.default} pets to exist; only ${known} could be seen`,
      );
    }
    return judgeLimit(LIMIT.default, ex, known, '', recheck);
  },
};

/** A pet's status as a message shows it: a pet without one says so. */
const statusShown = (status: unknown) =>
  status === undefined ? 'no status' : `status ${JSON.stringify(status)}`;

/** A listPets call filtered by status, its answer, and how many of that status the harness knows exist. */
export interface StatusObservation {
  status: PetStatus;
  ex: Exchange;
  known?: number;
  recheck?: EmptyRecheck;
}

function statusCheck(status: PetStatus): Check<StatusObservation> {
  return {
    id: `LIST-STATUS-${status.toUpperCase()}`,
    title: `GET /pets?status=${status} -> 200 with only ${status} Pets, and not none while some exist`,
    operation: 'listPets',
    clause: CLAUSES.listStatus,
    level: 'MUST',
    writes: false,
    judge: ({ ex, known = 0, recheck }) => {
      const problem = notPetPage(ex, LIMIT.max);
      if (problem) return fail(problem, [ex]);
      // A filter that drops the pets of its own status does not filter by it ("Filters by
      // availability status"); with none known to exist, an empty page says nothing.
      const empty = emptyPageJudgement(ex, known, `${status} pets`, recheck);
      if (empty) return empty;
      if (itemCount(ex) === 0)
        return precondition(`no ${status} pet was returned: nothing to judge the filter by`);
      const others = ((exactJson(ex) ?? []) as { id: unknown; status?: unknown }[]).filter(
        (p) => p.status !== status,
      );
      if (others.length) {
        const sample = others
          .slice(0, 3)
          .map((p) => `${showValue(p.id)}: ${statusShown(p.status)}`);
        const text = `${others.length} of ${itemCount(ex)} pets are not ${status} (${sample.join(', ')})`;
        return fail(finding('status-filter', { status, others: others.length }, text), [ex]);
      }
      return pass(`200 with ${plural(itemCount(ex), 'Pet')}, all ${status}`);
    },
  };
}

export const LIST_STATUS_CHECKS = {
  available: statusCheck('available'),
  pending: statusCheck('pending'),
  sold: statusCheck('sold'),
} as const satisfies Record<PetStatus, Check<StatusObservation>>;

/** A listPets call with both a limit and a status filter, and its answer. */
export interface LimitStatusObservation {
  limit: number;
  status: PetStatus;
  ex: Exchange;
  /** Pets of `status` the harness knows exist, and a second look when the page was empty. */
  known?: number;
  recheck?: EmptyRecheck;
}

export const LIST_LIMIT_STATUS: Check<LimitStatusObservation> = {
  id: 'LIST-LIMIT-STATUS',
  title:
    'GET /pets?limit=N&status=S, more than N pets of each status existing -> at most N Pets, all S, and not none while some exist',
  operation: 'listPets',
  clause: CLAUSES.listLimit,
  level: 'MUST',
  writes: false,
  judge: ({ limit, status, ex, known = 0, recheck }) => {
    const query = `limit=${limit}&status=${status}`;
    const problem = notPetPage(ex, limit);
    if (problem) return fail(problem, [ex], about(query));
    // A limit applied before the filter leaves none of the status in the page.
    const empty = emptyPageJudgement(ex, known, `${status} pets`, recheck);
    if (empty) return { ...empty, message: `${query}: ${empty.message}` };
    const pets = (exactJson(ex) ?? []) as { id: unknown; status?: unknown }[];
    const other = pets.find((p) => p.status !== status);
    if (other) {
      const id = showValue(other.id);
      const text = `pet ${id} has ${statusShown(other.status)}`;
      return fail(finding('status-filter', { status, others: 1 }, text), [ex], about(query));
    }
    return pass(`${query}: ${plural(pets.length, 'Pet')}, all ${status}`);
  },
};

/** A query value the contract does not allow, and the answer to it. */
export interface OddQueryObservation {
  query: string;
  ex: Exchange;
}

// The contract prescribes no answer to these: see judgeOutOfDomain.
const judgeUnspecifiedQuery = ({ query, ex }: OddQueryObservation): Judgement =>
  judgeOutOfDomain(query, ex, (answer) => notPetPage(answer, LIMIT.max));

export const LIST_LIMIT_INVALID: Check<OddQueryObservation> = {
  id: 'LIST-LIMIT-INVALID',
  title:
    'GET /pets with limit 0, -1, 101, 1.5, abc or empty -> a 4xx Error (400: pass, other: warn) or 200 within limits (warn), never 5xx',
  operation: 'listPets',
  clause: CLAUSES.listLimit,
  level: 'MUST',
  writes: false,
  judge: judgeUnspecifiedQuery,
};

export const LIST_STATUS_INVALID: Check<OddQueryObservation> = {
  id: 'LIST-STATUS-INVALID',
  title:
    'GET /pets with a status outside PetStatus -> a 4xx Error (400: pass, other: warn) or 200 within limits (warn), never 5xx',
  operation: 'listPets',
  clause: CLAUSES.listStatus,
  level: 'MUST',
  writes: false,
  judge: judgeUnspecifiedQuery,
};

/**
 * The checks judged on more pets than they let through (a server ignoring limit or status would
 * otherwise pass for lack of data): the suite seeds pets before them when one is selected.
 */
export const SEEDED_LIST_CHECKS = [
  LIST_LIMIT_MIN,
  LIST_LIMIT_MAX,
  LIST_LIMIT_RANGE,
  LIST_LIMIT_DEFAULT,
  ...Object.values(LIST_STATUS_CHECKS),
  LIST_LIMIT_STATUS,
] as const;

export const LIST_CHECKS = [
  LIST_200_PETS,
  ...SEEDED_LIST_CHECKS,
  LIST_LIMIT_INVALID,
  LIST_STATUS_INVALID,
] as const;
