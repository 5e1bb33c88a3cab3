import fc from 'fast-check';
import { petName } from './pet-name.ts';

/**
 * Characters of one kind, as a name carries them: a Unicode general category (its two-letter
 * alias, so a test can hold each sample to `\p{gc=...}`), or a kind no category names alone
 * (noncharacters, astral code points, emoji sequences, what Unicode normalisation changes).
 */
export interface NameKind {
  /** Stable id: the category alias (`Cf`) or the kind (`emoji-zwj`). */
  id: string;
  /** The general category every code point of `chars` belongs to, when it is one category. */
  category?: string;
  label: string;
  /** The characters, each a code point, one grapheme (for sequences) or a run (for `long`). */
  chars: readonly string[];
}

const cps = (...points: number[]) => points.map((p) => String.fromCodePoint(p));

/**
 * Names a layer that guesses types (a dynamically typed column, YAML 1.1, a loose form decoder)
 * takes for another value: a number, a boolean, null, an array. Each is sent bare, a name of
 * its own: behind the run's mark they would be text to every layer.
 */
const VALUE_LIKE: NameKind = {
  id: 'value-like',
  label: 'a name a type-guessing layer reads as a number, boolean or null (sent bare)',
  chars: [
    '123',
    '0',
    '-7',
    '1.50',
    '1e3',
    'true',
    'false',
    'null',
    'None',
    'nil',
    'undefined',
    'yes',
    'No',
    'on',
    'OFF',
    'NaN',
    '[]',
  ],
};

/**
 * Every general category of Unicode but Cs (a lone surrogate is no Unicode scalar value and has
 * no UTF-8 form, RFC 3629: it cannot be sent as exactly as it is), and the kinds servers mangle
 * beyond categories. Format characters (U+200B..U+200F, U+2060..U+2064, U+FEFF), line and
 * paragraph separators (U+2028, U+2029) and private use are what servers strip, escape twice
 * or refuse; combining and compatibility characters are what normalisation changes.
 */
export const NAME_KINDS: readonly NameKind[] = [
  { id: 'Lu', category: 'Lu', label: 'uppercase letters', chars: cps(0x41, 0x3a9, 0x416) },
  { id: 'Ll', category: 'Ll', label: 'lowercase letters', chars: cps(0x61, 0xdf, 0x436) },
  { id: 'Lt', category: 'Lt', label: 'titlecase letters', chars: cps(0x1c5, 0x1f88) },
  { id: 'Lm', category: 'Lm', label: 'modifier letters', chars: cps(0x2b0, 0x30fc) },
  {
    id: 'Lo',
    category: 'Lo',
    label: 'other letters (CJK, Hebrew, Thai)',
    chars: cps(0x540d, 0x5d0, 0xe01, 0x20000),
  },
  { id: 'Mn', category: 'Mn', label: 'nonspacing marks', chars: cps(0x301, 0x308, 0x5b7, 0xe0100) },
  { id: 'Mc', category: 'Mc', label: 'spacing marks', chars: cps(0x903, 0xbbe) },
  { id: 'Me', category: 'Me', label: 'enclosing marks', chars: cps(0x20dd, 0x488, 0x20e3) },
  { id: 'Nd', category: 'Nd', label: 'decimal digits', chars: cps(0x663, 0x7c0, 0x1d7d8) },
  { id: 'Nl', category: 'Nl', label: 'letter numbers', chars: cps(0x216b, 0x3007) },
  { id: 'No', category: 'No', label: 'other numbers', chars: cps(0xbd, 0xb2) },
  { id: 'Pc', category: 'Pc', label: 'connector punctuation', chars: cps(0x5f, 0x203f) },
  { id: 'Pd', category: 'Pd', label: 'dashes', chars: cps(0x2d, 0x2010, 0x2014) },
  { id: 'Ps', category: 'Ps', label: 'opening punctuation', chars: cps(0x28, 0x300c, 0x2045) },
  { id: 'Pe', category: 'Pe', label: 'closing punctuation', chars: cps(0x29, 0x300d, 0x2046) },
  { id: 'Pi', category: 'Pi', label: 'initial quotes', chars: cps(0xab, 0x2018) },
  { id: 'Pf', category: 'Pf', label: 'final quotes', chars: cps(0xbb, 0x2019) },
  // The quote and the backslash are what a JSON writer must escape.
  { id: 'Po', category: 'Po', label: 'other punctuation', chars: cps(0x22, 0x5c, 0xa1, 0x203b) },
  { id: 'Sm', category: 'Sm', label: 'math symbols', chars: cps(0x2b, 0x2211) },
  { id: 'Sc', category: 'Sc', label: 'currency symbols', chars: cps(0x20ac, 0x20bf) },
  { id: 'Sk', category: 'Sk', label: 'modifier symbols', chars: cps(0x5e, 0x2d8, 0x1f3fb) },
  { id: 'So', category: 'So', label: 'other symbols', chars: cps(0xa9, 0x1f436) },
  { id: 'Zs', category: 'Zs', label: 'space separators', chars: cps(0xa0, 0x2009, 0x202f, 0x3000) },
  { id: 'Zl', category: 'Zl', label: 'the line separator', chars: cps(0x2028) },
  { id: 'Zp', category: 'Zp', label: 'the paragraph separator', chars: cps(0x2029) },
  {
    id: 'Cc',
    category: 'Cc',
    label: 'control characters',
    chars: cps(0x0, 0x1, 0x9, 0xa, 0xd, 0x1f, 0x7f, 0x85, 0x9f),
  },
  {
    id: 'Cf',
    category: 'Cf',
    label: 'format characters',
    chars: cps(
      0xad,
      0x200b,
      0x200c,
      0x200d,
      0x200e,
      0x200f,
      0x2060,
      0x2061,
      0x2062,
      0x2063,
      0x2064,
      0xfeff,
      0x61c,
      0x202e,
      0xe0001,
    ),
  },
  { id: 'Co', category: 'Co', label: 'private use', chars: cps(0xe000, 0xf8ff, 0xf0000, 0x10fffd) },
  { id: 'Cn', category: 'Cn', label: 'unassigned code points', chars: cps(0x378, 0x2fffd) },
  {
    id: 'noncharacters',
    category: 'Cn',
    label: 'noncharacters',
    chars: cps(0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x10ffff),
  },
  {
    id: 'astral',
    label: 'astral code points (beyond the BMP: surrogate pairs in UTF-16)',
    chars: cps(0x1d518, 0x1f984, 0x2a6d6, 0xe0100),
  },
  {
    id: 'emoji-sequences',
    label: 'emoji sequences (ZWJ, variation selectors, keycap, flags, skin tone, tags)',
    chars: [
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
      '\u2764\uFE0F',
      '\u2764\uFE0E',
      '1\uFE0F\u20E3',
      '\u{1F1FA}\u{1F1F3}',
      '\u{1F44D}\u{1F3FD}',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    ],
  },
  {
    id: 'normalisation',
    label: 'what normalisation changes (decomposed, compatibility and singleton forms)',
    chars: ['e\u0301', 'a\u0308', '\uFB01', '\u212B', '\u2126', '\u1E9B\u0323'],
  },
  // A name past the lengths stores and views cut at (255, 1000, 1024): among these pets it is
  // read back from the first pages too, where a view that cuts long names shows it. Longer
  // would weigh on every first page the run reads (CREATE-MAGNITUDES sends the long ones).
  {
    id: 'long',
    label: 'a length past common column and view limits (1,100 characters)',
    chars: ['abcdefgh\u00e9\u540d'.repeat(110)],
  },
  VALUE_LIKE,
];

/** A name holding every character of one kind, between letters (a server may trim the ends). */
export function kindName(runId: string, kind: NameKind): string {
  return petName(runId, `u-${kind.id}-[${kind.chars.join('')}]`);
}

/** Every kind's name, in NAME_KINDS' order: sent in every run that writes, whatever the seed. */
export function categoryNames(runId: string): { kind: NameKind; name: string }[] {
  return NAME_KINDS.flatMap((kind) =>
    kind === VALUE_LIKE
      ? kind.chars.map((name) => ({ kind, name }))
      : [{ kind, name: kindName(runId, kind) }],
  );
}

/** One character of any kind above, for generated names. */
export const categoryChar: fc.Arbitrary<string> = fc.constantFrom(
  ...NAME_KINDS.flatMap((kind) => kind.chars),
);

/** The code points of a text as U+XXXX, for messages about characters no one can see. */
export function codePoints(text: string): string {
  return [...text]
    .map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');
}
