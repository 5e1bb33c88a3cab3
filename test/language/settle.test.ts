import { describe, expect, it } from 'vitest';
import { HTTP_401_CHALLENGE } from '../../src/checks/http-musts.ts';
import { fail } from '../../src/checks/types.ts';
import { settle } from '../../src/language/settle.ts';

describe('settle: an RFC-level check', () => {
  const failed = fail('401 without WWW-Authenticate');

  it('warns by default (ci, full, probe)', () => {
    expect(settle(HTTP_401_CHALLENGE, failed).verdict).toBe('warn');
    expect(settle(HTTP_401_CHALLENGE, failed, [], undefined, undefined, 'warn').verdict).toBe(
      'warn',
    );
  });

  it('fails where the profile makes the RFCs’ MUSTs fail (certify)', () => {
    expect(settle(HTTP_401_CHALLENGE, failed, [], undefined, undefined, 'fail').verdict).toBe(
      'fail',
    );
  });

  it('keeps a target left unjudged as the failure it is under certify, and as unjudged otherwise', () => {
    const trouble = { verdict: 'unjudged' as const, code: 'target-error', message: 'a 5xx' };
    expect(settle(HTTP_401_CHALLENGE, trouble, [], undefined, undefined, 'fail').verdict).toBe(
      'fail',
    );
    expect(settle(HTTP_401_CHALLENGE, trouble).verdict).toBe('unjudged');
  });
});

describe('settle: a MUST check whose failure rests on an RFC alone', () => {
  const check = { ...HTTP_401_CHALLENGE, id: 'EQUIV-X', level: 'MUST' as const };
  const rfcOnly = { ...fail('bearer K: expected 200, got 401'), rfc: 'RFC 9110 11.1' };

  it('warns outside certify and fails under it', () => {
    expect(settle(check, rfcOnly).verdict).toBe('warn');
    expect(settle(check, rfcOnly, [], undefined, undefined, 'fail').verdict).toBe('fail');
  });

  it('fails at once when the failure is the contract’s own', () => {
    expect(settle(check, fail('served without the key')).verdict).toBe('fail');
  });
});
