import { isLosslessNumber, type LosslessNumber } from 'lossless-json';
import { shownNumber } from '../base/long-number.ts';
import { quote, quoteNumber } from '../base/quote.ts';
import type { Exchange } from './exchange.ts';
import { exactBody } from './json-body.ts';

/** The int64 range of the contract's `id` and `categoryId`. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

// No int64 has more digits than this: larger integers are not built (a hostile `1e999999999`).
const MAX_DIGITS = 24;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * The exact integer a JSON number text denotes (`-0` is 0, `1.0E0` is 1, as JSON Schema counts
 * them), or undefined when it is not an integer or is far beyond int64.
 */
export function integerOfText(text: string): bigint | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  const all = `${whole}${fraction}`.replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  if (digits === '') return 0n;
  // value = digits * 10^scale
  const scale = Number(exponent) - fraction.length + (all.length - digits.length);
  if (scale < 0) return undefined;
  if (digits.length + scale > MAX_DIGITS) return undefined;
  const value = BigInt(digits) * 10n ** BigInt(scale);
  return sign === '-' ? -value : value;
}

/** A number as parsed from the wire, as generated (bigint), or a JS number: its exact integer. */
export function integerValue(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined;
  if (isLosslessNumber(value)) return integerOfText((value as LosslessNumber).value);
  return undefined;
}

/**
 * The integer a reader that takes JSON numbers as doubles makes of a number text that is not an
 * integer (`1.0000000000000001` is 1 to it), or undefined. RFC 8259 6 lets a parser limit the
 * precision of the numbers it accepts, so such a reader keeps JSON; the fraction it cannot see
 * is lost, not refused.
 */
export function doubleRoundedInteger(value: unknown): bigint | undefined {
  if (!isLosslessNumber(value) || integerValue(value) !== undefined) return undefined;
  const double = Number((value as LosslessNumber).value);
  return Number.isInteger(double) && Math.abs(double) < 2 ** 63 ? BigInt(double) : undefined;
}

const isNumeric = (v: unknown) =>
  typeof v === 'number' || typeof v === 'bigint' || isLosslessNumber(v);

/** True when a value is an integer within int64, judged on its exact value. */
export function isInt64(value: unknown): boolean {
  const n = integerValue(value);
  return n !== undefined && n >= INT64_MIN && n <= INT64_MAX;
}

/** Two JSON values equal as the contract reads them: integers by numeric value, others strictly. */
export function sameValue(a: unknown, b: unknown): boolean {
  // The same number text is the same number, whatever it denotes.
  if (
    isLosslessNumber(a) &&
    isLosslessNumber(b) &&
    (a as LosslessNumber).value === (b as LosslessNumber).value
  )
    return true;
  if (isNumeric(a) && isNumeric(b)) {
    const x = integerValue(a);
    const y = integerValue(b);
    if (x !== undefined || y !== undefined) return x === y;
    return Number(a) === Number(b);
  }
  return Object.is(a, b);
}

/** A value as shown in messages, bounded: integers as their exact decimal text, the rest as JSON. */
export function showValue(value: unknown): string {
  const n = integerValue(value);
  if (n !== undefined) return quoteNumber(n.toString());
  if (isLosslessNumber(value)) return shownNumber(value as LosslessNumber);
  if (typeof value === 'string') return quote(value, 40);
  return quoteNumber(JSON.stringify(value) ?? String(value), 80);
}

// An integer written plainly (no leading zeros, no `-0`, no fraction or exponent, at most
// MAX_DIGITS digits) is its own exact decimal text: no BigInt needed (ids are read by the
// thousand in a run).
const PLAIN_INTEGER = /^(?:0|-?[1-9]\d{0,23})$/;

/** The exact decimal text of an integer-valued field of a JSON object, e.g. a Pet's id. */
export function integerText(value: unknown): string | undefined {
  if (isLosslessNumber(value) && PLAIN_INTEGER.test((value as LosslessNumber).value))
    return (value as LosslessNumber).value;
  return integerValue(value)?.toString();
}

/** The exact view of an exchange's JSON body (numbers as written), or undefined. */
export function exactJson(ex: Exchange | undefined): unknown {
  return exactBody(ex?.response);
}

/** The exact `id` of the Pet in an exchange's body, as decimal text; undefined without one. */
export function exactPetId(ex: Exchange | undefined): string | undefined {
  const body = exactJson(ex) as { id?: unknown } | undefined;
  return body !== null && typeof body === 'object' ? integerText(body.id) : undefined;
}

// The fields of the contract that are int64.
const INT64_FIELDS = ['id', 'categoryId'] as const;

/** Fields of Pet-like objects whose exact value is not an int64, as `path value` lines. */
export function notInt64Fields(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => notInt64Fields(item, `${path}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  return INT64_FIELDS.filter((f) => f in record && !isInt64(record[f])).map(
    (f) => `${path}/${f} ${showValue(record[f])} is not an int64`,
  );
}
