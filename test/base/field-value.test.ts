import { describe, expect, it } from 'vitest';
import { sendableValue } from '../../src/base/field-value.ts';

describe('sendableValue', () => {
  it('takes a printable validator as a client would send it back', () => {
    expect(sendableValue('"abc-123"')).toBe(true);
    expect(sendableValue('W/"x"')).toBe(true);
    expect(sendableValue('Thu, 05 Dec 2030 00:00:00 GMT')).toBe(true);
  });

  it('leaves out none, empty, long or unprintable values', () => {
    expect(sendableValue(undefined)).toBe(false);
    expect(sendableValue('')).toBe(false);
    expect(sendableValue(`"${'x'.repeat(2000)}"`)).toBe(false);
    expect(sendableValue('"caf\u00e9"')).toBe(false);
    expect(sendableValue('"a\u0000b"')).toBe(false);
  });
});
