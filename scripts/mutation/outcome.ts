/** What the harness made of one mutant (or of the unmutated reference), day by day. */
export interface DayOutcome {
  /** `today`, or the --now date. */
  day: string;
  exitCode: number;
  failed: string[];
  warned: string[];
  skipped: string[];
  /** The contract's clauses the run judged no check of (report.json's coverage.notJudged). */
  notJudged: string[];
  error?: string;
}

export interface MutantOutcome {
  /** Stryker's mutant id, or `baseline` for its dry run (no mutant active). */
  mutant: string;
  days: DayOutcome[];
}

/** One run of the harness's ci profile: on which day, and, where not all, which checks. */
export interface JudgedDay {
  /** --now; none: the real today, on the server's own clock. */
  now?: string;
  /** --only; none: every check. */
  only?: string;
}

/**
 * The days each mutant is judged on. Today, every check, on the server's own clock. The sunset
 * day itself (Versioning, 2: "removed on 5 December 2030"), every check, on the clock --now
 * sets: the after-sunset branch is reached on no other day. And the last day before it, on that
 * clock too, where a clock a day (or decades) early shows: only the checks of getPet and its
 * sunset, since the day changes nothing else the reference answers (its Date header aside,
 * which no check judges), and a whole run would cost a third more per mutant.
 */
export const JUDGED_DAYS: readonly JudgedDay[] = [
  {},
  { now: '2030-12-04', only: 'SUNSET,GET-200,DEPRECATION' },
  { now: '2030-12-05' },
];

/** 1 when a day found the target non-conformant, else 2 when a day could not judge it, else 0. */
export function runExitCode(outcome: MutantOutcome): number {
  const codes = outcome.days.map((d) => d.exitCode);
  if (codes.includes(1)) return 1;
  return codes.some((c) => c !== 0) ? 2 : 0;
}

/**
 * The clauses a day left unjudged that the same day of the baseline judged: a verdict that
 * changed short of a failure (a POST answered 413 leaves createPet's clauses unjudged, exit 0),
 * which the report sets apart from the survivors.
 */
export function newlyUnjudged(outcome: MutantOutcome, baseline: MutantOutcome): string[] {
  return outcome.days.flatMap((d, i) => {
    const judged = baseline.days[i]?.notJudged ?? [];
    return (d.notJudged ?? []).filter((c) => !judged.includes(c)).map((c) => `${d.day}: ${c}`);
  });
}
