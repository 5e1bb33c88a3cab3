import { petName } from './pet-name.ts';

/**
 * Values without a bound in the contract, sampled across orders of magnitude: a pet's name (a
 * string with no maximum length) and the insignificant whitespace a JSON text may hold (RFC 8259
 * 2), each of length 1, 10, 100, ... up to what the run's body cap lets come back.
 */

/** Ten code points, each one UTF-16 unit: ASCII, a letter of two UTF-8 bytes and one of three. */
const UNIT = 'abcdefghé名';

/**
 * Long runs of the two characters JSON writes with a backslash (RFC 8259 7), each run ended by a
 * letter: a reader that scans string literals with a pattern of its own (to skip long ones, say)
 * meets escaped quotes deep inside a literal, which no short name shows it.
 */
const ESCAPES_UNIT = `${'\\"'.repeat(100)}é`;

/**
 * Bytes the echo of one code point of `unit` can take at most: a server may write every
 * character beyond ASCII as a \u escape (six bytes), and a quote or backslash takes two.
 */
const worstPerUnit = (unit: string) =>
  [...unit].reduce((sum, c) => sum + (c > '~' ? 6 : c === '"' || c === '\\' ? 2 : 1), 0);

/** Bytes the echo of a name of `length` code points can take at most, over both units. */
const worstEchoBytes = (length: number) =>
  Math.max(
    ...[UNIT, ESCAPES_UNIT].map((unit) => Math.ceil(length / unit.length) * worstPerUnit(unit)),
  );

/** What a Pet holds besides its name, and its JSON punctuation, with room to spare. */
const PET_OVERHEAD = 1024;

/** The orders of magnitude 1, 10, 100, ... whose echo fits in `maxBodyBytes`. */
export function magnitudes(maxBodyBytes: number): number[] {
  const sizes: number[] = [];
  for (let n = 1; n <= 10 ** 9 && worstEchoBytes(n) + PET_OVERHEAD <= maxBodyBytes; n *= 10)
    sizes.push(n);
  return sizes;
}

/**
 * A name of exactly `length` code points, starting with the run's mark when it fits: letters,
 * or with `escapes` runs of quotes and backslashes.
 */
export function nameOfLength(runId: string, length: number, escapes = false): string {
  const mark = petName(runId, '');
  const unit = escapes ? ESCAPES_UNIT : UNIT;
  const body = unit.repeat(Math.ceil(length / unit.length));
  return length > mark.length ? `${mark}${body}`.slice(0, length) : body.slice(0, length);
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
