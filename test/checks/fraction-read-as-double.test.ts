import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { INVALID_BODY_CHECKS } from '../../src/checks/create-pet.ts';
import { newPetInput } from '../../src/checks/request-class.ts';
import { doubleRoundedInteger } from '../../src/http/exact.ts';
import { settle } from '../../src/language/settle.ts';
import { exchange } from '../support/exchanges.ts';

const FRACTION = INVALID_BODY_CHECKS.find((c) => c.id === 'CREATE-400-CATEGORY-FRACTION');
const body = (categoryId: string) => `{"name":"n","categoryId":${categoryId}}`;
const created = (categoryId: number) =>
  exchange({ status: 201, json: { id: 7, name: 'n', categoryId } }, 'POST');

describe('a fraction a double rounds to an integer (RFC 8259 6: a parser may limit precision)', () => {
  it('is the integer a double makes of it; other fractions and integers are not', () => {
    const n = (text: string) => doubleRoundedInteger(new LosslessNumber(text));
    expect(n('1.0000000000000001')).toBe(1n);
    expect(n('9007199254740993.5')).toBe(9007199254740994n);
    expect(n('1.5')).toBeUndefined();
    expect(n('-0.00000000000000001')).toBeUndefined();
    expect(n('1')).toBeUndefined();
    expect(n('1.0')).toBeUndefined();
    expect(n('1e300')).toBeUndefined();
    expect(doubleRoundedInteger(1)).toBeUndefined();
  });

  it('leaves the request open: no answer is owed to it', () => {
    expect(newPetInput(body('1.0000000000000001')).input).toBe('open');
    expect(newPetInput(body('1.5')).input).toBe('invalid');
  });

  it('CREATE-400-CATEGORY-FRACTION: 400 passes, 201 as that integer warns (fails under certify), anything else fails', () => {
    if (!FRACTION) throw new Error('no CREATE-400-CATEGORY-FRACTION');
    const judge = (
      text: string,
      ex: ReturnType<typeof exchange>,
      rfcMusts: 'warn' | 'fail' = 'warn',
    ) =>
      settle(
        FRACTION,
        FRACTION.judge({ body: body(text), ex }),
        [ex],
        undefined,
        undefined,
        rfcMusts,
      ).verdict;
    const refused = exchange(
      { status: 400, json: { code: 'bad', message: 'no', status: 400 } },
      'POST',
    );
    expect(judge('1.0000000000000001', refused)).toBe('pass');
    expect(judge('1.0000000000000001', created(1))).toBe('warn');
    expect(judge('1.0000000000000001', created(1), 'fail')).toBe('fail');
    expect(judge('1.0000000000000001', created(2))).toBe('fail');
    expect(judge('1.5', created(1))).toBe('fail');
    expect(judge('1.5', created(150))).toBe('fail');
  });
});
