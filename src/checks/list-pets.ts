import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { firstProblem, notJson, notMatching, statusIsNot } from './problems.ts';
import { type Check, judged } from './types.ts';

// An envelope ({ data: [...] }) is the commonest way to break "bare array": name it.
function notBareArray(ex: Exchange): string | undefined {
  const body = ex.response?.json;
  if (Array.isArray(body)) return undefined;
  const kind = body === null ? 'null' : typeof body;
  return `body is ${kind === 'object' ? 'an object (an envelope?)' : kind}, expected a bare JSON array`;
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
      `200 with a bare array of ${(ex.response?.json as unknown[] | undefined)?.length} valid Pets`,
      ex,
    ),
};

export const LIST_CHECKS: readonly Check<Exchange>[] = [LIST_200_PETS];
