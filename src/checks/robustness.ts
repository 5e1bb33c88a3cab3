import { LIMIT } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import {
  notClientError,
  notErrorResponse,
  notPetPage,
  notSuccess,
  type Problem,
  unsound,
} from './problems.ts';
import { about, type Check, fail, type Judgement, pass, warnOf } from './types.ts';

/** Generated input (described) and the answer to it. */
export interface FuzzObservation {
  input: string;
  ex: Exchange;
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
    'GET /pets with generated query strings -> 200 Pets or 400 Error (another 4xx Error: warn), never 5xx, a hang or a malformed body',
  operation: 'listPets',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: false,
  judge: (obs) =>
    judgeSoundAnswer(obs, {
      200: (ex) => notPetPage(ex, LIMIT.max),
      400: (ex) => notErrorResponse(ex, 400),
    }),
};

export const ROBUST_CREATE_ANY_JSON: Check<FuzzObservation> = {
  id: 'ROBUST-CREATE-ANY-JSON',
  title:
    'POST /pets with generated JSON values -> 201 Pet or 400 Error (another 4xx Error: warn), never 5xx, a hang or a malformed body',
  operation: 'createPet',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: true,
  judge: (obs) =>
    judgeSoundAnswer(obs, {
      201: (ex) => notSuccess(ex, 201, 'pet', 'Pet'),
      400: (ex) => notErrorResponse(ex, 400),
    }),
};

export const ROBUST_CHECKS = [ROBUST_LIST_ANY_QUERY, ROBUST_CREATE_ANY_JSON] as const;
