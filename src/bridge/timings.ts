import type { PhaseTimes } from '../base/stopwatch.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CheckResult, CheckTiming, RunTimings } from '../report/model.ts';

/** Moments of a run, in milliseconds since the process started (performance.now()). */
export interface RunMarks {
  runStart: number;
  targetReady: number;
  suitesEnd: number;
}

/** A stretch of wall-clock time, [from, to] in epoch milliseconds. */
export type Span = readonly [number, number];

const round = (ms: number) => Math.round(ms);

/** Milliseconds covered by at least one of the spans (they may overlap: checks run together). */
export function covered(spans: readonly Span[]): number {
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    total += Math.max(0, to - Math.max(from, end));
    end = Math.max(end, to);
  }
  return total;
}

/** Wall-clock time with at least one of the exchanges in flight. */
export function timeInFlight(exchanges: readonly Exchange[]): number {
  return covered(
    exchanges.map((ex) => {
      const start = Date.parse(ex.startedAt);
      return [start, start + ex.durationMs] as const;
    }),
  );
}

/**
 * Where the run's time went, from its marks, the spans its checks ran in and the exchanges of
 * the suites. Checks run together, so wall-clock parts are unions, not sums: checksMs is the
 * time at least one check was under way, httpMs the time at least one request was in flight.
 * Validation and generation are CPU time, each check's own, so those add up.
 */
export function runTimings(
  marks: RunMarks,
  checks: readonly CheckResult[],
  checkSpans: readonly Span[],
  exchanges: readonly Exchange[],
): RunTimings {
  const sum = (pick: (c: CheckResult) => number) => checks.reduce((t, c) => t + pick(c), 0);
  const suitesMs = marks.suitesEnd - marks.targetReady;
  const checksMs = covered(checkSpans);
  const httpMs = timeInFlight(exchanges);
  const validationMs = sum((c) => c.timing?.validationMs ?? 0);
  const generationMs = sum((c) => c.timing?.generationMs ?? 0);
  return {
    loadMs: round(marks.runStart),
    targetMs: round(marks.targetReady - marks.runStart),
    suitesMs: round(suitesMs),
    vitestMs: round(Math.max(0, suitesMs - checksMs)),
    checksMs: round(checksMs),
    httpMs: round(httpMs),
    validationMs: round(validationMs),
    generationMs: round(generationMs),
    otherMs: round(Math.max(0, checksMs - httpMs - validationMs - generationMs)),
    // maxRSS is in KiB.
    peakRssMiB: round(process.resourceUsage().maxRSS / 1024),
  };
}

/** Where a check's time went: its requests' time in flight, and its own phase times. */
export function checkTiming(spent: PhaseTimes, recorded: Exchange[]): CheckTiming {
  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    httpMs: ms(timeInFlight(recorded)),
    validationMs: ms(spent.validation),
    generationMs: ms(spent.generation),
  };
}
