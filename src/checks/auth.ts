import type { OperationName } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import {
  AUTH_FAULT_STATUS,
  CREDENTIAL_STATES,
  type CredentialState,
  INVALID_INPUTS,
  type InvalidInput,
  OPERATION_ROWS,
} from './auth-table.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { notErrorResponse } from './problems.ts';
import { about, type Check, fail, pass } from './types.ts';

/** One request sent without the right key, and what a server that skipped the key did instead. */
export interface AuthProbe {
  label: string;
  ex: Exchange;
  /** Statuses that mean the server looked at something else first, and what it looked at. */
  instead?: { statuses: readonly number[]; what: string };
  /** Only a 2xx fails it (CredentialVariant.servedOnly: another protocol's handshake). */
  servedOnly?: true;
}

/** Every probe must get 401 with an Error body; the first that does not is the verdict. */
export function judgeProbes(probes: readonly AuthProbe[]) {
  for (const { label, ex, instead, servedOnly } of probes) {
    const problem = notErrorResponse(ex, AUTH_FAULT_STATUS);
    if (!problem) continue;
    const status = ex.response?.status ?? 0;
    if (servedOnly && !(status >= 200 && status < 300)) continue;
    // What the wrong status means is the cause a vendor fixes: the request was served, or its
    // input was looked at before the key.
    const then = { before: `${label}: ${problem}: ` };
    if (status >= 200 && status < 300)
      return fail(finding('served-without-key', {}, 'served without the right key'), [ex], then);
    if (instead?.statuses.includes(status)) {
      const text = `${instead.what} before the key`;
      return fail(finding('input-before-key', { what: instead.what }, text), [ex], then);
    }
    return fail(problem, [ex], about(label));
  }
  return pass(`${probes.length} request(s), each 401 with a valid Error body`);
}

const OPERATION_NAMES = Object.keys(OPERATION_ROWS) as OperationName[];

/** The check id of one operation and credential state, e.g. `AUTH-GET-WRONG-KEY`. */
export const authCheckId = (operation: OperationName, state: string) =>
  `AUTH-${OPERATION_ROWS[operation].prefix}-${state}`;

function authCheck(operation: OperationName, state: CredentialState): Check<AuthProbe[]> {
  const { request } = OPERATION_ROWS[operation];
  const inputs = state.keptAlive ? ', valid input or not' : '';
  return {
    id: authCheckId(operation, state.id),
    title: `${request} ${state.label}${inputs} -> 401 Error`,
    operation,
    clause: CLAUSES.auth401,
    level: 'MUST',
    writes: operation === 'createPet',
    judge: judgeProbes,
  };
}

/** One check per operation and credential state of the table, e.g. `AUTH-GET-NEAR-KEY`. */
export const AUTH_CHECKS: readonly Check<AuthProbe[]>[] = OPERATION_NAMES.flatMap((op) =>
  CREDENTIAL_STATES.map((state) => authCheck(op, state)),
);

/** The auth check for one operation and credential state. */
export function authCheckFor(operation: OperationName, state: string): Check<AuthProbe[]> {
  const id = authCheckId(operation, state);
  const check = AUTH_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no auth check ${id}`);
  return check;
}

function orderCheck(input: InvalidInput): Check<AuthProbe[]> {
  const { request } = OPERATION_ROWS[input.operation];
  return {
    id: `AUTH-BEFORE-${input.id}`,
    title: `${request} with ${input.label} and a missing or invalid key (every credential state) -> 401 Error, not ${input.instead.join('/')}`,
    operation: input.operation,
    clause: CLAUSES.auth401,
    level: 'MUST',
    writes: input.operation === 'createPet',
    judge: judgeProbes,
  };
}

/** One check per kind of invalid input: the key is judged before the input, e.g. `AUTH-BEFORE-BODY`. */
export const AUTH_ORDER_CHECKS: readonly Check<AuthProbe[]>[] = INVALID_INPUTS.map(orderCheck);

/** The auth-before-validation check of one kind of invalid input. */
export function orderCheckFor(input: InvalidInput): Check<AuthProbe[]> {
  const check = AUTH_ORDER_CHECKS.find((c) => c.id === `AUTH-BEFORE-${input.id}`);
  if (!check) throw new Error(`no auth check for ${input.id}`);
  return check;
}
