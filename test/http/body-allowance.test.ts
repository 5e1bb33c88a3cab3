import { describe, expect, it } from 'vitest';
import { bodyAllowanceMs } from '../../src/http/client.ts';

describe('the time a request body adds to its deadline', () => {
  it('nothing up to 64 KiB, then a second for every 256 KiB beyond, counted in UTF-8 octets', () => {
    expect(bodyAllowanceMs(undefined)).toBe(0);
    expect(bodyAllowanceMs('x'.repeat(64 * 1024))).toBe(0);
    expect(bodyAllowanceMs('x'.repeat(64 * 1024 + 1))).toBe(1000);
    expect(bodyAllowanceMs('x'.repeat(1024 * 1024))).toBe(4000);
    // A character of three octets counts three times.
    expect(bodyAllowanceMs('名'.repeat(100_000))).toBe(
      1000 * Math.ceil((300_000 - 65_536) / 262_144),
    );
  });
});
