import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { notErrorResponse } from './problems.ts';
import { type Check, judged } from './types.ts';

// Name what the server looked at first, when it was not the key.
function orderProblem(ex: Exchange, instead: number, what: string): string | undefined {
  const problem = notErrorResponse(ex, 401);
  if (problem && ex.response?.status === instead) return `${problem}: ${what} before the key`;
  return problem;
}

export const AUTH_BEFORE_BODY: Check<Exchange> = {
  id: 'AUTH-BEFORE-BODY',
  title: 'POST /pets with an invalid body and no key -> 401 Error, not 400',
  operation: 'createPet',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: true,
  judge: (ex) =>
    judged(orderProblem(ex, 400, 'validated the body'), '401: the key is checked first', ex),
};

export const AUTH_BEFORE_EXISTENCE: Check<Exchange> = {
  id: 'AUTH-BEFORE-EXISTENCE',
  title: 'GET /pets/{petId} of an unknown id with no key -> 401 Error, not 404',
  operation: 'getPet',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: false,
  judge: (ex) =>
    judged(orderProblem(ex, 404, 'looked the pet up'), '401: the key is checked first', ex),
};

export const AUTH_ORDER_CHECKS = [AUTH_BEFORE_BODY, AUTH_BEFORE_EXISTENCE] as const;
