import { describe, expect, it } from 'vitest';
import { cookiesSet } from '../../src/checks/session.ts';
import { exchange } from '../support/exchanges.ts';

describe('the cookies answers set (AUTH-SESSION-COOKIE)', () => {
  const answer = (setCookie?: string) =>
    exchange({
      status: 200,
      json: [],
      ...(setCookie ? { headers: { 'set-cookie': setCookie } } : {}),
    });

  it('none set: nothing to send back', () => {
    expect(cookiesSet([answer(), answer()])).toBeUndefined();
  });

  it('the name=value of each, attributes and Expires dates (which hold a comma) left out', () => {
    const lines = 'sid=s1; HttpOnly; Expires=Wed, 01 Dec 2100 00:00:00 GMT, lang=en; Path=/';
    expect(cookiesSet([answer(lines)])).toBe('sid=s1; lang=en');
  });

  it('a later answer’s value of the same cookie replaces the earlier', () => {
    expect(cookiesSet([answer('sid=s1; Path=/'), answer('sid=s2'), answer()])).toBe('sid=s2');
  });

  it('a cookie past 4096 octets is dropped, as a browser drops it', () => {
    const big = `big=${'x'.repeat(5000)}; Path=/`;
    expect(cookiesSet([answer(`sid=s1, ${big}`)])).toBe('sid=s1');
    expect(cookiesSet([answer(big)])).toBeUndefined();
  });

  it('the field kept within 8 KiB: the cookies that fit, in the order they were set', () => {
    const each = (n: number) => `c${n}=${'y'.repeat(3000)}`;
    const field = cookiesSet([answer([1, 2, 3, 4].map(each).join(', '))]);
    expect(field).toBe(`${each(1)}; ${each(2)}`);
  });
});
