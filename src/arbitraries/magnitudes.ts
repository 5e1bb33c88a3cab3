import { petName } from './pet-name.ts';

/**
 * Values without a bound in the contract, sampled across orders of magnitude: a pet's name (a
 * string with no maximum length) and the insignificant whitespace a JSON text may hold (RFC 8259
 * 2), each of length 1, 10, 100, ... up to what the run's body cap lets come back.
 */

/** Ten code points, each one UTF-16 unit: ASCII, a letter of two UTF-8 bytes and one of three. */
const UNIT = 'abcdefghé名';

/**
 * Bytes the echo of a name of `length` code points can take at most: a server may write every
 * character beyond ASCII as a \u escape (RFC 8259 7), six bytes for one unit.
 */
const worstEchoBytes = (length: number) => Math.ceil(length / UNIT.length) * (8 + 6 + 6);

/** What a Pet holds besides its name, and its JSON punctuation, with room to spare. */
const PET_OVERHEAD = 1024;

/** The orders of magnitude 1, 10, 100, ... whose echo fits in `maxBodyBytes`. */
export function magnitudes(maxBodyBytes: number): number[] {
  const sizes: number[] = [];
  for (let n = 1; n <= 10 ** 9 && worstEchoBytes(n) + PET_OVERHEAD <= maxBodyBytes; n *= 10)
    sizes.push(n);
  return sizes;
}

/** A name of exactly `length` code points, starting with the run's mark when it fits. */
export function nameOfLength(runId: string, length: number): string {
  const mark = petName(runId, '');
  const body = UNIT.repeat(Math.ceil(length / UNIT.length));
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
