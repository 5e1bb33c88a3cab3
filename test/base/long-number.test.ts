import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactNumber, LONG_NUMBER_CHARS, LongNumber } from '../../src/base/long-number.ts';
import { integerOfText, isInt64, showValue } from '../../src/http/exact.ts';
import { parseJsonBody } from '../../src/http/json-body.ts';

// A JSON number text padded with zeros that change nothing of its value: long, the same number.
const paddedNumber = fc
  .record({
    sign: fc.constantFrom('', '-'),
    lead: fc.nat(200),
    digits: fc.stringMatching(/^[1-9]\d{0,38}$/),
    point: fc.nat(45),
    trail: fc.nat(200),
    exponent: fc.integer({ min: -60, max: 60 }),
  })
  .map(({ sign, lead, digits, point, trail, exponent }) => {
    const body = `${'0'.repeat(lead)}${digits}${'0'.repeat(trail)}`;
    const at = Math.max(1, body.length - point);
    const fraction = body.slice(at);
    return `${sign}${body.slice(0, at)}${fraction ? `.${fraction}` : ''}e${exponent}`;
  });

describe('compactNumber', () => {
  it('writes the same value in a short text: the same integer, the same double', () => {
    fc.assert(
      fc.property(paddedNumber, (text) => {
        const short = compactNumber(text);
        expect(short.length).toBeLessThan(LONG_NUMBER_CHARS);
        expect(integerOfText(short)).toBe(integerOfText(text));
        expect(Number(short)).toBe(Number(text));
      }),
    );
  });

  it('a million-digit integer is 1e999999, and a million zeros of fraction leave 1 an integer', () => {
    expect(compactNumber(`1${'0'.repeat(999_999)}`)).toBe('1e999999');
    expect(compactNumber(`1.${'0'.repeat(999_999)}`)).toBe('1e0');
    expect(integerOfText(compactNumber(`-1.${'0'.repeat(99_999)}E+1`))).toBe(-10n);
    expect(compactNumber(`-0.${'0'.repeat(500)}`)).toBe('-0');
  });

  it('cut past 40 significant digits, never into an integer the text was not', () => {
    const almostOne = `1.${'0'.repeat(5000)}1`;
    expect(integerOfText(compactNumber(almostOne))).toBeUndefined();
    const wide = `9223372036854775807${'1'.repeat(100)}`;
    expect(isInt64(new LongNumber(wide))).toBe(false);
    expect(compactNumber(`1e${'9'.repeat(100_000)}`)).toBe(`1e1${'0'.repeat(30)}`);
  });
});

describe('a long number in a parsed body', () => {
  it('is held short, and shown as it was written', () => {
    const parsed = parseJsonBody(`{"status":1${'0'.repeat(99_999)}}`);
    if (!('exact' in parsed)) throw new Error(parsed.jsonError);
    const status = (parsed.exact as { status: LongNumber }).status;
    expect(status).toBeInstanceOf(LongNumber);
    expect(status.value).toBe('1e99999');
    expect(showValue(status)).toContain('(100000 characters)');
    expect(parsed.json).toEqual({ status: Number.POSITIVE_INFINITY });
  });
});
