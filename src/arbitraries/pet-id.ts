import fc from 'fast-check';
import { INT64 } from '../contract/contract.ts';

/** Ids every GET-ID-ANY run tries, whatever the seed: zero, a sign, both bounds, just beyond 2^53. */
export const NAMED_IDS: readonly string[] = [
  '0',
  '-1',
  INT64.min.toString(),
  INT64.max.toString(),
  (2n ** 53n + 1n).toString(),
];

/**
 * Integer ids over the whole int64 range, as the exact decimal text sent in the path (a JS
 * number would round beyond 2^53): zero, negatives and both bounds included; any may exist.
 */
export const integerIdArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      0n,
      -1n,
      1n,
      2n ** 31n,
      2n ** 32n + 1n,
      2n ** 53n - 1n,
      2n ** 53n + 1n,
      -(2n ** 53n) - 1n,
      INT64.min,
      INT64.max,
    ),
    fc.bigInt({ min: INT64.min, max: INT64.max }),
    fc.maxSafeInteger().map(BigInt),
  )
  .map(String);

/**
 * Ids tried first for an unknown pet: few services assign them, but any may, so when one answers
 * 200 with that very pet the harness picks another (src/language/unknown-id.ts). Both int64
 * bounds: a range check off by one at either end answers 400 where 404 is owed.
 */
export const UNKNOWN_IDS = [
  INT64.max.toString(),
  INT64.min.toString(),
  '9007199254740991',
] as const;

/** Path segments that are not int64 integers: not integers at all, or just beyond the range. */
/**
 * petId path segments sent as written, whose percent-escapes do not decode to UTF-8 text or are
 * not escapes at all (a decoder that throws on them answers 500).
 */
export const MALFORMED_ID_SEGMENTS = ['%FF', '%', '%zz', '%E2%82', '%C0%AF'] as const;

export const NON_INTEGER_IDS = [
  'abc',
  '1.5',
  '1e3',
  '-',
  '0x10',
  'null',
  '%20',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999',
  // Characters an error message that quotes the id must escape to stay JSON: a quote, a
  // backslash, a control character; markup, a letter past ASCII, and a number 400 digits long.
  '"',
  '\\',
  'x"}',
  '\u0001',
  '<pet>',
  'ü',
  '9'.repeat(400),
] as const;
