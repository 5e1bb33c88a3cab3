import { describe, expect, it } from 'vitest';
import { resolveToday, skewText } from '../../src/base/today.ts';
import { clockOnDay } from '../../src/reference/clock.ts';

const local = new Date('2026-11-22T10:00:00Z');

describe('today', () => {
  it('--now wins over the server and the local clock', () => {
    expect(resolveToday('2031-01-01', 'Wed, 01 Jan 2031 10:00:00 GMT', local)).toEqual({
      date: '2031-01-01',
      source: 'flag',
    });
  });

  it("the target's Date header never decides: a target past the sunset is judged by the local day", () => {
    expect(resolveToday(undefined, 'Thu, 05 Dec 2030 23:59:59 GMT', local)).toEqual({
      date: '2026-11-22',
      source: 'local',
      skew: { targetDate: '2030-12-05T23:59:59.000Z', days: 1474 },
    });
  });

  it('a clock off by a day or less is no news; more is a skew, ahead or behind', () => {
    expect(resolveToday(undefined, 'Sun, 22 Nov 2026 23:00:00 GMT', local)).toEqual({
      date: '2026-11-22',
      source: 'local',
    });
    const behind = resolveToday('2031-01-01', 'Sun, 22 Nov 2026 10:00:00 GMT', local);
    expect(behind.skew?.days).toBeLessThan(-1000);
    expect(skewText({ targetDate: 'T', days: -1 }, 'flag')).toBe(
      "the target's clock says T, 1 day behind --now",
    );
  });

  it('the local clock when the header is missing or invalid', () => {
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
