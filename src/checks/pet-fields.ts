import { sameValue, showValue } from '../http/exact.ts';

/** The contract's fields of a Pet, in a fixed order. */
const PET_FIELDS = ['id', 'name', 'categoryId', 'status'] as const;

/**
 * The contract fields on which two pets differ, as `field: a != b` lines. Integers compare by
 * exact value (pass the exact views: `exactJson`), so `-0` equals 0 and no id is rounded.
 */
export function petDifferences(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  fields: readonly string[] = PET_FIELDS,
): string[] {
  return fields
    .filter((f) => !sameValue(expected[f], actual[f]))
    .map((f) => `${f}: expected ${showValue(expected[f])}, got ${showValue(actual[f])}`);
}
