import fc from 'fast-check';

/** Integer ids over the safe range, zero and negatives included: any may exist or not. */
export const integerIdArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.maxSafeInteger(),
);

/** Ids that no service assigns in practice: a 404 is the only right answer to them. */
export const UNKNOWN_IDS = ['9223372036854775807', '9007199254740991'] as const;

/** Path segments that are not integers at all. */
export const NON_INTEGER_IDS = [
  'abc',
  '1.5',
  '1e3',
  '-',
  '0x10',
  'null',
  '%20',
  '99999999999999999999999',
] as const;
