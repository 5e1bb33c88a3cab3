/** The contract's fields of a Pet, in a fixed order. */
const PET_FIELDS = ['id', 'name', 'categoryId', 'status'] as const;

/** The contract fields on which two pets differ, as `field: a != b` lines. */
export function petDifferences(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  fields: readonly string[] = PET_FIELDS,
): string[] {
  return fields
    .filter((f) => !Object.is(expected[f], actual[f]))
    .map((f) => `${f}: expected ${JSON.stringify(expected[f])}, got ${JSON.stringify(actual[f])}`);
}
