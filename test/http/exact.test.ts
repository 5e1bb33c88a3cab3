import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { CREATE_201_PROPERTY } from '../../src/checks/create-pet.ts';
import { petDifferences } from '../../src/checks/pet-fields.ts';
import {
  INT64_MAX,
  INT64_MIN,
  integerOfText,
  integerText,
  integerValue,
  isInt64,
  notInt64Fields,
  sameValue,
  showValue,
} from '../../src/http/exact.ts';
import { exchange } from '../support/exchanges.ts';

const n = (text: string) => new LosslessNumber(text);

describe('integerOfText', () => {
  it('reads integers as JSON Schema counts them', () => {
    expect(integerOfText('-0')).toBe(0n);
    expect(integerOfText('1.0E0')).toBe(1n);
    expect(integerOfText('10e-1')).toBe(1n);
    expect(integerOfText('1.5e1')).toBe(15n);
    expect(integerOfText('9007199254740993')).toBe(2n ** 53n + 1n);
    expect(integerOfText('-9223372036854775808')).toBe(INT64_MIN);
  });
  it('refuses fractions, however close to an integer, and does not build huge ones', () => {
    expect(integerOfText('1.5')).toBeUndefined();
    expect(integerOfText('1.0000000000000000001')).toBeUndefined();
    expect(integerOfText('1e-400')).toBeUndefined();
    expect(integerOfText('1e999999999')).toBeUndefined();
    expect(integerOfText('abc')).toBeUndefined();
  });
});

describe('isInt64', () => {
  it('is judged on the exact value: 2^63 is out, -2^63 in', () => {
    expect(isInt64(n('9223372036854775807'))).toBe(true);
    expect(isInt64(n('9223372036854775808'))).toBe(false);
    expect(isInt64(n('-9223372036854775808'))).toBe(true);
    expect(isInt64(n('-9223372036854775809'))).toBe(false);
    expect(isInt64(n('9.223372036854775807e18'))).toBe(true);
    expect(isInt64(INT64_MAX + 1n)).toBe(false);
    expect(isInt64(n('1.5'))).toBe(false);
  });
  it('names the Pet fields out of range, by path', () => {
    expect(notInt64Fields([{ id: n('1'), categoryId: n('9223372036854775808') }])).toEqual([
      '/0/categoryId 9223372036854775808 is not an int64',
    ]);
  });
});

describe('sameValue and petDifferences', () => {
  it('compares integers by exact value: -0 is 0, 2^53+1 is not 2^53', () => {
    expect(sameValue(n('-0'), 0)).toBe(true);
    expect(sameValue(n('1.0E0'), 1n)).toBe(true);
    expect(sameValue(n('9007199254740993'), n('9007199254740992'))).toBe(false);
    expect(sameValue(2n ** 53n + 1n, n('9007199254740993'))).toBe(true);
    expect(sameValue('1', n('1'))).toBe(false);
  });
  it('shows ids as their exact decimal text', () => {
    expect(showValue(n('9007199254740993'))).toBe('9007199254740993');
    expect(showValue(2n ** 63n - 1n)).toBe('9223372036854775807');
    expect(showValue('x')).toBe('"x"');
    const diffs = petDifferences(
      { id: n('9007199254740993'), name: 'a', categoryId: n('-0') },
      { id: n('9007199254740992'), name: 'a', categoryId: 0 },
    );
    expect(diffs).toEqual(['id: expected 9007199254740993, got 9007199254740992']);
  });
});

describe('the 201 echo of a generated categoryId', () => {
  const created = (categoryId: string) =>
    exchange({ status: 201, body: `{"id":7,"name":"a","categoryId":${categoryId}}` }, 'POST');
  const judge = (sent: bigint, answered: string) =>
    CREATE_201_PROPERTY.judge({ sent: { name: 'a', categoryId: sent }, ex: created(answered) });

  it('passes when every int64 comes back exactly, both bounds and beyond 2^53 included', () => {
    for (const sent of [INT64_MIN, INT64_MAX, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 0n, -1n])
      expect(judge(sent, sent.toString()).verdict, String(sent)).toBe('pass');
  });

  it('fails a categoryId rounded through a double, however close', () => {
    const judgement = judge(2n ** 53n + 1n, '9007199254740992');
    expect(judgement.verdict).toBe('fail');
    expect(judgement.message).toContain(
      'categoryId: expected 9007199254740993, got 9007199254740992',
    );
    expect(judge(INT64_MAX, '9223372036854775808').verdict).toBe('fail');
  });

  it('accepts -0 for 0 and an exponent form for the same integer', () => {
    expect(judge(0n, '-0').verdict).toBe('pass');
    expect(judge(9007199254740993n, '9.007199254740993E15').verdict).toBe('pass');
  });
});

describe('integerText and sameValue read plain integers without BigInt', () => {
  it('give what the exact integer gives, for every way of writing a number', () => {
    // JSON's integer part: 0, or no leading zero.
    const digits = fc.oneof(
      fc.constant('0'),
      fc.string({ unit: fc.constantFrom('0', '1', '9'), maxLength: 26 }).map((rest) => `1${rest}`),
    );
    const text = fc.oneof(
      digits,
      digits.map((d) => `-${d}`),
      fc
        .tuple(digits, fc.string({ unit: fc.constantFrom('0', '5'), minLength: 1, maxLength: 3 }))
        .map(([a, b]) => `${a}.${b}`),
      fc.tuple(digits, fc.integer({ min: -3, max: 3 })).map(([a, e]) => `${a}e${e}`),
      fc.constantFrom('-0', '0', '1.0E0', '9223372036854775807', '-9223372036854775808'),
    );
    fc.assert(
      fc.property(text, text, (a, b) => {
        const x = new LosslessNumber(a);
        const y = new LosslessNumber(b);
        expect(integerText(x)).toBe(integerValue(x)?.toString());
        const ix = integerValue(x);
        const iy = integerValue(y);
        const exact = ix !== undefined || iy !== undefined ? ix === iy : Number(a) === Number(b);
        expect(sameValue(x, y)).toBe(exact);
        expect(sameValue(x, new LosslessNumber(a))).toBe(true);
      }),
      { seed: 9, numRuns: 3000 },
    );
  });
});
