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
});
