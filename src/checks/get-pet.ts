import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { petDifferences } from './pet-fields.ts';
import { firstProblem, notErrorResponse, notSuccess, unsound } from './problems.ts';
import { type Check, fail, judged, pass, warn } from './types.ts';

/** A pet as createPet returned it, and getPet's answer for its id. */
export interface FetchObservation {
  created: Record<string, unknown>;
  ex: Exchange;
}

export const GET_200_PET: Check<FetchObservation> = {
  id: 'GET-200-PET',
  title: 'GET /pets/{petId} of a pet just created -> 200 with the Pet createPet returned',
  operation: 'getPet',
  clause: CLAUSES.get200,
  level: 'MUST',
  writes: true,
  judge: ({ created, ex }) =>
    judged(
      firstProblem(
        () => notSuccess(ex, 200, 'pet', 'Pet'),
        () => {
          const diffs = petDifferences(created, ex.response?.json as Record<string, unknown>);
          return diffs.length ? `not the pet created: ${diffs.join('; ')}` : undefined;
        },
      ),
      `200 with pet ${created.id} as created`,
      ex,
    ),
};

/** An id sent to getPet and the answer. */
export interface IdObservation {
  id: string;
  ex: Exchange;
}

export const GET_404_UNKNOWN: Check<IdObservation> = {
  id: 'GET-404-UNKNOWN',
  title: 'GET /pets/{petId} of an id no pet has -> 404 Error',
  operation: 'getPet',
  clause: CLAUSES.get404,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex }) =>
    judged(notErrorResponse(ex, 404), `id ${id}: 404 with a valid Error body`, ex),
};

export const GET_ID_ANY: Check<IdObservation> = {
  id: 'GET-ID-ANY',
  title:
    'GET /pets/{petId} for generated int64 ids (0, negatives, large) -> 200 that Pet or 404 Error, never 5xx',
  operation: 'getPet',
  clause: CLAUSES.getPetId,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex }) => {
    const broken = unsound(ex);
    if (broken) return fail(`id ${id}: ${broken}`, [ex]);
    const status = ex.response?.status;
    if (status === 404) return judged(notErrorResponse(ex, 404), `id ${id}: 404 Error`, ex);
    if (status === 200) {
      const problem = firstProblem(
        () => notSuccess(ex, 200, 'pet', 'Pet'),
        () => {
          const got = String((ex.response?.json as { id?: unknown } | undefined)?.id);
          return got === id ? undefined : `asked for id ${id}, got pet ${got}`;
        },
      );
      return judged(problem, `id ${id}: 200 with that Pet`, ex);
    }
    if (status === 400 && !notErrorResponse(ex, 400)) {
      return warn(`id ${id}: 400 for an int64 id (the contract lists 404 for an unknown one)`, [
        ex,
      ]);
    }
    return fail(`id ${id}: expected 200 or 404, got ${status}`, [ex]);
  },
};

export const GET_ID_NOT_INT64: Check<IdObservation> = {
  id: 'GET-ID-NOT-INT64',
  title:
    'GET /pets/{petId} with a petId that is not an int64 (abc, 1.5, 1e3, ...) -> 400 or 404 Error, never 5xx',
  operation: 'getPet',
  clause: CLAUSES.getPetId,
  level: 'MUST',
  writes: false,
  judge: ({ id, ex }) => {
    const broken = unsound(ex);
    if (broken) return fail(`petId ${JSON.stringify(id)}: ${broken}`, [ex]);
    const problem = notErrorResponse(ex, [400, 404]);
    return problem
      ? fail(`petId ${JSON.stringify(id)}: ${problem}`, [ex])
      : pass(`petId ${JSON.stringify(id)}: ${ex.response?.status} Error`);
  },
};

export const GET_CHECKS = [GET_200_PET, GET_404_UNKNOWN, GET_ID_ANY, GET_ID_NOT_INT64] as const;
