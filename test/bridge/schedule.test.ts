import { describe, expect, it } from 'vitest';
import { checksAtOnce } from '../../src/bridge/schedule.ts';

describe('checksAtOnce', () => {
  it('as many checks as requests may be in flight; one with a budget or at --concurrency 1', () => {
    expect(checksAtOnce({ concurrency: 16 })).toBe(16);
    expect(checksAtOnce({ concurrency: 1 })).toBe(1);
    expect(checksAtOnce({ concurrency: 16, maxRequests: 200 })).toBe(1);
    expect(checksAtOnce({})).toBeGreaterThan(1);
  });
});
