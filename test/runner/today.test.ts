import { describe, expect, it } from 'vitest';
import { clockOnDay } from '../../src/reference/clock.ts';
import { resolveToday } from '../../src/runner/today.ts';

const local = new Date('2026-11-22T10:00:00Z');

describe('today', () => {
  it('--now wins over the server and the local clock', () => {
    expect(resolveToday('2031-01-01', 'Thu, 05 Dec 2030 10:00:00 GMT', local)).toEqual({
      date: '2031-01-01',
      source: 'flag',
    });
  });

  it("else the target's Date header", () => {
    expect(resolveToday(undefined, 'Thu, 05 Dec 2030 23:59:59 GMT', local)).toEqual({
      date: '2030-12-05',
      source: 'server',
    });
  });

  it('else the local clock, when the header is missing or invalid', () => {
    expect(resolveToday(undefined, undefined, local)).toEqual({
      date: '2026-11-22',
      source: 'local',
    });
    expect(resolveToday(undefined, 'yesterday', local)).toEqual({
      date: '2026-11-22',
      source: 'local',
    });
  });

  it('clockOnDay moves the day and keeps the time of day running', () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const clock = clockOnDay('2031-01-15', () => now);
    expect(clock().toISOString()).toBe('2031-01-15T10:00:00.000Z');
    now += 3_600_000;
    expect(clock().toISOString()).toBe('2031-01-15T11:00:00.000Z');
  });
});
