import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { petDifferences } from './pet-fields.ts';
import { firstProblem, notSuccess } from './problems.ts';
import { type Check, judged } from './types.ts';

/** A create request and its answer. */
export interface CreateObservation {
  sent: Record<string, unknown>;
  ex: Exchange;
}

/** Fields sent must come back as sent; `status` only when it was sent (its default is not shown). */
export function echoProblem(sent: Record<string, unknown>, ex: Exchange): string | undefined {
  const fields = ['name', 'categoryId', ...('status' in sent ? ['status'] : [])];
  const diffs = petDifferences(sent, ex.response?.json as Record<string, unknown>, fields);
  return diffs.length ? `fields not echoed: ${diffs.join('; ')}` : undefined;
}

export const CREATE_201_PET: Check<CreateObservation> = {
  id: 'CREATE-201-PET',
  title: 'POST /pets with a valid NewPet -> 201 Pet with an id, fields echoed',
  operation: 'createPet',
  clause: CLAUSES.create201,
  level: 'MUST',
  writes: true,
  judge: ({ sent, ex }) =>
    judged(
      firstProblem(
        () => notSuccess(ex, 201, 'pet', 'Pet'),
        () => echoProblem(sent, ex),
      ),
      `201 with Pet id ${(ex.response?.json as { id?: unknown } | undefined)?.id}`,
      ex,
    ),
};

export const CREATE_CHECKS: readonly Check<CreateObservation>[] = [CREATE_201_PET];
