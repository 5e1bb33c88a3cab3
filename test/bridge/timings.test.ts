import { describe, expect, it } from 'vitest';
import { countingInto, noPhaseTime, timed } from '../../src/base/stopwatch.ts';
import { covered, runTimings } from '../../src/bridge/timings.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { exchange } from '../support/exchanges.ts';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('timings of checks that run together', () => {
  it('counts overlapping spans once', () => {
    expect(covered([])).toBe(0);
    expect(
      covered([
        [0, 10],
        [5, 15],
        [20, 30],
        [22, 25],
      ]),
    ).toBe(25);
  });

  it('gives each check the validation and generation time of its own work only', async () => {
    const [a, b] = [noPhaseTime(), noPhaseTime()];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([
      countingInto(a, async () => {
        await pause();
        timed('validation', () => busy(20));
      }),
      countingInto(b, async () => {
        timed('generation', () => busy(10));
        await pause();
      }),
    ]);
    expect(a.validation).toBeGreaterThanOrEqual(20);
    expect(a.generation).toBe(0);
    expect(b.generation).toBeGreaterThanOrEqual(10);
    expect(b.validation).toBe(0);
  });

  it('takes the checks and the HTTP time of a run as wall-clock unions, not sums', () => {
    const at = (iso: string, durationMs: number) => ({
      ...exchange({ status: 200, json: [] }),
      startedAt: iso,
      durationMs,
    });
    const t0 = Date.parse('2026-01-01T00:00:00.000Z');
    const checks = [
      { timing: { httpMs: 80, validationMs: 3, generationMs: 2 } },
      { timing: { httpMs: 80, validationMs: 1, generationMs: 4 } },
    ] as CheckResult[];
    const timings = runTimings(
      { runStart: 1000, targetReady: 1100, suitesEnd: 1400 },
      checks,
      [
        [t0, t0 + 100],
        [t0 + 50, t0 + 150],
      ],
      [at('2026-01-01T00:00:00.000Z', 80), at('2026-01-01T00:00:00.060Z', 80)],
    );
    expect(timings).toMatchObject({
      suitesMs: 300,
      checksMs: 150,
      vitestMs: 150,
      httpMs: 140,
      validationMs: 4,
      generationMs: 6,
      otherMs: 0,
    });
  });
});
