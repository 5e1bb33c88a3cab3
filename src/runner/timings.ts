import type { Exchange } from '../http/exchange.ts';
import type { CheckResult, CheckTiming, RunTimings } from '../report/model.ts';
import { timeSpent } from '../stopwatch.ts';

/** Moments of a run, in milliseconds since the process started (performance.now()). */
export interface RunMarks {
  runStart: number;
  targetReady: number;
  suitesEnd: number;
}

const round = (ms: number) => Math.round(ms);

/** Where the run's time went, from its marks and its checks' own timings. */
export function runTimings(marks: RunMarks, checks: readonly CheckResult[]): RunTimings {
  const sum = (pick: (c: CheckResult) => number) => checks.reduce((t, c) => t + pick(c), 0);
  const suitesMs = marks.suitesEnd - marks.targetReady;
  const checksMs = sum((c) => c.durationMs);
  const httpMs = sum((c) => c.timing?.httpMs ?? 0);
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

/** Wall-clock time with at least one of the exchanges in flight (they may overlap). */
function timeInFlight(exchanges: readonly Exchange[]): number {
  const spans = exchanges
    .map((ex) => {
      const start = Date.parse(ex.startedAt);
      return [start, start + ex.durationMs] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    total += Math.max(0, to - Math.max(from, end));
    end = Math.max(end, to);
  }
  return total;
}

/** Where a check's time went since `before` (taken with timeSpent() as it began). */
export function timingSince(
  before: ReturnType<typeof timeSpent>,
  recorded: Exchange[],
): CheckTiming {
  const now = timeSpent();
  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    httpMs: ms(timeInFlight(recorded)),
    validationMs: ms(now.validation - before.validation),
    generationMs: ms(now.generation - before.generation),
  };
}
