import { describe, expect, it } from 'vitest';
import { categoryNames, codePoints, NAME_KINDS } from '../../src/arbitraries/unicode-categories.ts';
import { isValidNewPet } from '../../src/arbitraries/wire.ts';

/** Every general category of Unicode (UAX #44), by its two-letter alias. */
const GENERAL_CATEGORIES = [
  'Lu',
  'Ll',
  'Lt',
  'Lm',
  'Lo',
  'Mn',
  'Mc',
  'Me',
  'Nd',
  'Nl',
  'No',
  'Pc',
  'Pd',
  'Ps',
  'Pe',
  'Pi',
  'Pf',
  'Po',
  'Sm',
  'Sc',
  'Sk',
  'So',
  'Zs',
  'Zl',
  'Zp',
  'Cc',
  'Cf',
  'Cs',
  'Co',
  'Cn',
];
const all = NAME_KINDS.flatMap((k) => k.chars).join('');
const has = (...points: number[]) => points.every((p) => all.includes(String.fromCodePoint(p)));

describe('names cover Unicode by category, in every run whatever the seed', () => {
  it('every general category but Cs has a kind (a lone surrogate has no UTF-8 form)', () => {
    const covered = new Set(NAME_KINDS.map((k) => k.category));
    expect(GENERAL_CATEGORIES.filter((c) => !covered.has(c))).toEqual(['Cs']);
  });

  it("each character of a category kind is of that category, by this Node's Unicode data", () => {
    for (const kind of NAME_KINDS.filter((k) => k.category)) {
      const of = new RegExp(`^\\p{General_Category=${kind.category}}$`, 'u');
      for (const char of kind.chars)
        expect(of.test(char), `${kind.id}: ${codePoints(char)}`).toBe(true);
    }
  });

  it('holds the characters servers strip, escape twice or normalise', () => {
    // Format characters, separators, private use, noncharacters, astral code points.
    expect(has(0x200b, 0x200c, 0x200d, 0x200e, 0x200f)).toBe(true);
    expect(has(0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff)).toBe(true);
    expect(has(0x2028, 0x2029, 0xe000, 0xf0000, 0xfdd0, 0xfffe, 0x10ffff)).toBe(true);
    expect([...all].some((c) => (c.codePointAt(0) ?? 0) > 0xffff)).toBe(true);
    // Emoji sequences with a zero-width joiner and with variation selectors.
    const emoji = NAME_KINDS.find((k) => k.id === 'emoji-sequences')?.chars ?? [];
    expect(emoji.some((e) => e.includes('\u200d') && [...e].length > 3)).toBe(true);
    expect(emoji.some((e) => e.includes('\ufe0f'))).toBe(true);
    expect(emoji.some((e) => e.includes('\ufe0e'))).toBe(true);
    // Normalisation changes them.
    const nf = NAME_KINDS.find((k) => k.id === 'normalisation')?.chars ?? [];
    expect(nf.filter((c) => c.normalize('NFC') !== c).length).toBeGreaterThanOrEqual(3);
  });

  it('every name is a valid NewPet name carrying the run id, but the value-like ones, sent bare', () => {
    for (const { kind, name } of categoryNames('abcd1234')) {
      expect(name.startsWith('pc-abcd1234-u-')).toBe(kind.id !== 'value-like');
      expect(isValidNewPet({ name, categoryId: 1 })).toBe(true);
    }
    const bare = categoryNames('abcd1234').filter((n) => n.kind.id === 'value-like');
    expect(bare.map((n) => n.name)).toEqual(expect.arrayContaining(['123', 'true', 'null', 'yes']));
  });
});
