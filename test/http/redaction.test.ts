import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, redactJson } from '../../src/http/redaction.ts';

const KEY = 'k3y/with+odd=chars';

describe('redaction', () => {
  const redact = createRedactor([KEY]);

  it('replaces the key, and its percent-encoded and base64 forms', () => {
    const b64 = Buffer.from(KEY).toString('base64');
    const text = `a ${KEY} b ${encodeURIComponent(KEY)} c ${b64} d ${Buffer.from(KEY).toString('base64url')}`;
    const out = redact(text);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(encodeURIComponent(KEY));
    expect(out).not.toContain(b64);
    expect(out.split(REDACTED)).toHaveLength(5);
  });

  it('redacts inside JSON values and keys', () => {
    expect(redactJson({ [KEY]: [KEY, 1, null] }, redact)).toEqual({
      [REDACTED]: [REDACTED, 1, null],
    });
  });

  it('is the identity without secrets', () => {
    expect(createRedactor([undefined, ''])('abc')).toBe('abc');
  });
});
