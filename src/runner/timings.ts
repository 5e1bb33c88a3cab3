import type { CheckResult, RunTimings } from '../report/model.ts';

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
  };
}
