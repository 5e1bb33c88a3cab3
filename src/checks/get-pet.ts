import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { petDifferences } from './pet-fields.ts';
import { firstProblem, notSuccess } from './problems.ts';
import { type Check, judged } from './types.ts';

/** A pet as createPet returned it, and getPet's answer for its id. */
export interface FetchObservation {
  created: Record<string, unknown>;
  ex: Exchange;
}

export const GET_200_PET: Check<FetchObservation> = {
  id: 'GET-200-PET',
  title: 'GET /pets/{petId} of a pet just created -> 200 with the same Pet',
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

export const GET_CHECKS: readonly Check<FetchObservation>[] = [GET_200_PET];
