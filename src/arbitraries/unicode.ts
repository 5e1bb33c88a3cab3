import fc from 'fast-check';

const codePointIn = (min: number, max: number) =>
  fc
    .integer({ min, max })
    .filter((cp) => cp < 0xd800 || cp > 0xdfff)
    .map((cp) => String.fromCodePoint(cp));

/**
 * Any code point but lone surrogates, biased to ASCII and the BMP. fast-check's own 'binary'
 * unit does the same but builds a table of every code point, over a second per process.
 */
export const codePoint: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: codePointIn(0x20, 0x7e) },
  { weight: 3, arbitrary: codePointIn(0, 0xffff) },
  { weight: 2, arbitrary: codePointIn(0x10000, 0x10ffff) },
);
