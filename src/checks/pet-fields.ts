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
    .map(
      (f) =>
        longStrings(f, expected[f], actual[f]) ??
        `${f}: expected ${showValue(expected[f])}, got ${showValue(actual[f])}`,
    );
}

/** Strings too long to show: their lengths and where they first differ, in code units. */
function longStrings(field: string, expected: unknown, actual: unknown): string | undefined {
  if (typeof expected !== 'string' || typeof actual !== 'string') return undefined;
  if (Math.max(expected.length, actual.length) <= LONG) return undefined;
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  return `${field}: expected ${expected.length} characters, got ${actual.length}, the first difference at character ${at}`;
}

/** Strings longer than this are described, not shown. */
const LONG = 200;
