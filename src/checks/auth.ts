import type { OperationName } from '../contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { notErrorResponse } from './problems.ts';
import { type Check, judged } from './types.ts';

/** The ways a request can fail to carry the right key. */
export const AUTH_SCENARIOS = {
  'NO-KEY': { label: 'without Authorization', authorization: undefined },
  'WRONG-KEY': { label: 'with a wrong bearer key', authorization: 'Bearer pc-wrong-key-0000' },
  'EMPTY-BEARER': { label: 'with an empty bearer token', authorization: 'Bearer ' },
  'OTHER-SCHEME': { label: 'with a Basic credential', authorization: 'Basic cGM6d3Jvbmc=' },
} as const;
export type AuthScenario = keyof typeof AUTH_SCENARIOS;

const OPERATION_LABELS = {
  listPets: { prefix: 'LIST', request: 'GET /pets' },
  createPet: { prefix: 'CREATE', request: 'POST /pets' },
  getPet: { prefix: 'GET', request: 'GET /pets/{petId}' },
} as const satisfies Record<OperationName, unknown>;

function authCheck(operation: OperationName, scenario: AuthScenario): Check<Exchange> {
  const { prefix, request } = OPERATION_LABELS[operation];
  return {
    id: `AUTH-${prefix}-${scenario}`,
    title: `${request} ${AUTH_SCENARIOS[scenario].label} -> 401 Error`,
    operation,
    clause: CLAUSES.auth401,
    level: 'MUST',
    writes: operation === 'createPet',
    judge: (ex) => judged(notErrorResponse(ex, 401), '401 with a valid Error body', ex),
  };
}

const OPERATION_NAMES = Object.keys(OPERATION_LABELS) as OperationName[];
const SCENARIOS = Object.keys(AUTH_SCENARIOS) as AuthScenario[];

/** One check per operation and way of getting the key wrong, e.g. `AUTH-GET-WRONG-KEY`. */
export const AUTH_CHECKS: readonly Check<Exchange>[] = OPERATION_NAMES.flatMap((op) =>
  SCENARIOS.map((scenario) => authCheck(op, scenario)),
);

/** The auth check for one operation and scenario. */
export function authCheckFor(operation: OperationName, scenario: AuthScenario): Check<Exchange> {
  const id = `AUTH-${OPERATION_LABELS[operation].prefix}-${scenario}`;
  const check = AUTH_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no auth check ${id}`);
  return check;
}
