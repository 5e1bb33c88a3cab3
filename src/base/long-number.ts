import { LosslessNumber } from 'lossless-json';
import { detached } from './detached.ts';
import { quoteNumber } from './quote.ts';

/** Number texts longer than this are held in a short form of the same value (LongNumber). */
export const LONG_NUMBER_CHARS = 64;
// Significant digits a long number keeps: no int64 needs more than 19, a double more than 17.
const SIGNIFICANT = 40;
// Exponents past 10^30 say nothing a judge can use that 10^30 does not (every double is 0 or
// infinite long before), and a million-digit exponent would cost a BigInt of a million digits.
const EXPONENT_DIGITS = 30;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?)(\d+))?$/;

/**
 * A number whose text on the wire was long (a hostile `1` and a million zeros), held as a short
 * text of the same value, with the quote messages show of what was written. Held whole, an
 * answer's number would keep its whole body alive for as long as the checks judge it: hundreds
 * of such errors kept a run over 800 MiB. Where the digits must be cut (more than 40 significant
 * ones) a 1 is written after the 40th, so the short form is never an integer a longer one was not.
 */
export class LongNumber extends LosslessNumber {
  /** How messages quote the number as it was written (quoteNumber of the wire text). */
  readonly shown: string;

  constructor(written: string) {
    super(compactNumber(written));
    this.shown = detached(quoteNumber(written));
  }
}

/** The short text of a JSON number text's value: its significant digits and an exponent. */
export function compactNumber(text: string): string {
  const m = NUMBER.exec(text);
  if (!m) return text;
  const [, sign = '', whole = '', fraction = '', expSign = '', expDigits = ''] = m;
  const all = `${whole}${fraction}`;
  let start = 0;
  while (start < all.length && all.charCodeAt(start) === 0x30) start++;
  let end = all.length;
  while (end > start && all.charCodeAt(end - 1) === 0x30) end--;
  if (end === start) return `${sign}0`;
  let exponent =
    exponentOf(expSign, expDigits) - BigInt(fraction.length) + BigInt(all.length - end);
  let digits = all.slice(start, end);
  if (digits.length > SIGNIFICANT) {
    exponent += BigInt(digits.length - SIGNIFICANT - 1);
    digits = `${digits.slice(0, SIGNIFICANT)}1`;
  }
  return detached(`${sign}${digits}e${exponent}`);
}

function exponentOf(sign: string, digits: string): bigint {
  const trimmed = digits.replace(/^0+/, '');
  const magnitude =
    trimmed.length > EXPONENT_DIGITS ? 10n ** BigInt(EXPONENT_DIGITS) : BigInt(trimmed || '0');
  return sign === '-' ? -magnitude : magnitude;
}

/** How messages show a number as written: a long one by the quote it kept. */
export function shownNumber(value: LosslessNumber): string {
  return value instanceof LongNumber ? value.shown : quoteNumber(value.value);
}
