import { petName } from './pet-name.ts';

/**
 * Values without a bound in the contract, sampled across orders of magnitude: a pet's name (a
 * string with no maximum length) and the insignificant whitespace a JSON text may hold (RFC 8259
 * 2), each of length 1, 10, 100, ... up to what the run's body cap lets come back.
 */

/**
 * The characters a name of each kind repeats. A length is counted in code points, so the kinds
 * sample the octets too: a store that bounds names in UTF-8 bytes where the check counts
 * characters (or in UTF-16 units) cuts a wide or astral name a letters name of the same length
 * passes.
 */
export const NAME_UNITS = {
  /** ASCII, a letter of two UTF-8 bytes and one of three. */
  letters: 'abcdefghé名',
  /** Characters of three UTF-8 bytes each: 100 of them are 300 bytes. */
  wide: '名字猫犬鳥',
  /** Characters past U+FFFF: four UTF-8 bytes, two UTF-16 units each. */
  astral: '🐈🐕𝒜𠀋',
  /**
   * Long runs of the two characters JSON writes with a backslash (RFC 8259 7), each run ended by
   * a letter: a reader that scans string literals with a pattern of its own (to skip long ones,
   * say) meets escaped quotes deep inside a literal, which no short name shows it.
   */
  escapes: `${'\\"'.repeat(100)}é`,
} as const;

export type NameKind = keyof typeof NAME_UNITS;

/**
 * Bytes the echo of one code point of `unit` can take at most: a server may write every
 * character beyond ASCII as a \u escape (six bytes, twelve for a surrogate pair), and a quote or
 * backslash takes two.
 */
const worstPerUnit = (unit: string) =>
  [...unit].reduce((sum, c) => {
    const code = c.codePointAt(0) ?? 0;
    return sum + (code > 0xffff ? 12 : c > '~' ? 6 : c === '"' || c === '\\' ? 2 : 1);
  }, 0);

/** Bytes the echo of a name of `length` code points of `unit` can take at most. */
const worstEchoBytes = (length: number, unit: string) =>
  Math.ceil(length / [...unit].length) * worstPerUnit(unit);

/** What a Pet holds besides its name, and its JSON punctuation, with room to spare. */
const PET_OVERHEAD = 1024;

/** The orders of magnitude 1, 10, 100, ... whose echo, in names of `kind`, fits in `maxBodyBytes`. */
export function magnitudes(maxBodyBytes: number, kind: NameKind = 'letters'): number[] {
  const sizes: number[] = [];
  const unit = NAME_UNITS[kind];
  for (let n = 1; n <= 10 ** 9 && worstEchoBytes(n, unit) + PET_OVERHEAD <= maxBodyBytes; n *= 10)
    sizes.push(n);
  return sizes;
}

/**
 * The share of the body cap the run's named pets may fill together: a page lists up to 100 of
 * them at once, and one holding every large name must still fit the cap to be judged.
 */
const PAGE_SHARE = 0.75;

/**
 * The sizes of each kind of name CREATE-MAGNITUDES creates: every order of magnitude whose echo
 * fits the cap alone, as long as all the pets made so far, kind after kind in this order, fit
 * PAGE_SHARE of it together (a server that lists newest first shows them in one page, and one
 * that writes every character past ASCII as a \\u escape makes it six times their length).
 */
export function magnitudePlan(maxBodyBytes: number): Record<NameKind, number[]> {
  let left = maxBodyBytes * PAGE_SHARE;
  const plan = {} as Record<NameKind, number[]>;
  for (const kind of Object.keys(NAME_UNITS) as NameKind[]) {
    const sizes: number[] = [];
    for (const n of magnitudes(maxBodyBytes, kind)) {
      const cost = worstEchoBytes(n, NAME_UNITS[kind]) + PET_OVERHEAD;
      if (cost > left) break;
      left -= cost;
      sizes.push(n);
    }
    plan[kind] = sizes;
  }
  return plan;
}

/**
 * A name of exactly `length` code points of `kind`, starting with the run's mark when it fits
 * (the mark is ASCII: a wide name of 100 is still past 255 UTF-8 bytes).
 */
export function nameOfLength(runId: string, length: number, kind: NameKind = 'letters'): string {
  const mark = petName(runId, '');
  const withMark = length > mark.length;
  return withMark ? `${mark}${codePoints(kind, length - mark.length)}` : codePoints(kind, length);
}

/** `count` code points of `kind`'s unit, repeated (the mark is ASCII: one code point a character). */
function codePoints(kind: NameKind, count: number): string {
  const unit = [...NAME_UNITS[kind]];
  const whole = unit.join('').repeat(Math.floor(count / unit.length));
  return `${whole}${unit.slice(0, count % unit.length).join('')}`;
}

/** A NewPet's JSON text with `length` characters of insignificant whitespace, spread over it. */
export function paddedNewPet(
  runId: string,
  length: number,
): { text: string; pet: Record<string, unknown> } {
  const pet = { name: petName(runId, `ws-${length}`), categoryId: length };
  const ws = ' \t\n\r';
  const run = (n: number) => ws.repeat(Math.ceil(n / ws.length)).slice(0, n);
  const head = Math.floor(length / 2);
  const text = `${run(head)}{"name":${JSON.stringify(pet.name)},"categoryId":${run(length - head)}${length}}`;
  return { text, pet };
}
