import type { ClockSkew, TodaySource } from '../base/today.ts';
import type { ClauseCoverage } from '../checks/coverage.ts';
import type { ProblemData } from '../checks/finding.ts';
import type { DimensionCount } from '../checks/request-space.ts';
import { type CheckDef, type Counterexample, judgesClause, type Outcome } from '../checks/types.ts';
import type { OperationName } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import type { RetryWaits } from '../http/throttle.ts';
import type { Latency } from './stats.ts';

export type Verdict = Outcome;

/** The message of a check that no test ran (another shard's, or a suite that did not load). */
export const NOT_RUN = 'not run';

/** An exchange as a report shows it: what was sent, what came back, and how to send it again. */
export interface EvidenceExchange extends Exchange {
  curl: string;
}

/**
 * Where a check's time went, in milliseconds. The rest of its durationMs is judging, vitest, and
 * waiting for a free request slot: checks run together under --concurrency, so a check's wall
 * time includes its requests' turns in the queue, and says more of the run than of the check.
 */
export interface CheckTiming {
  /** Waiting for the target: the time at least one of the check's requests was in flight. */
  httpMs: number;
  validationMs: number;
  generationMs: number;
}

/** One check's result in a run. */
export interface CheckResult extends CheckDef {
  verdict: Verdict;
  message: string;
  /** From the check's start to its verdict, waits for request slots included (see CheckTiming). */
  durationMs: number;
  timing?: CheckTiming;
  requests: number;
  exchanges: EvidenceExchange[];
  counterexample?: Counterexample;
  /** What kind of result it is, as data (see Judgement.code): why unjudged, what failed. */
  code?: string;
  /** What a failure found, as data (see Judgement.problem): cause grouping reads this. */
  problem?: ProblemData;
  /** What the check exercised, counted by kind (see Judgement.covered). */
  covered?: Record<string, number>;
}

/** Where a run's time went, in milliseconds, up to the reports (whose writing it cannot include). */
export interface RunTimings {
  /** From the process's start to the run's: Node, tsx and the harness's modules. */
  loadMs: number;
  /** Starting the embedded server, when there is one, and the preflight request. */
  targetMs: number;
  /** The suites as vitest ran them: vitestMs + checksMs. */
  suitesMs: number;
  /** vitest's start-up, loading the suite files and the suites' set-up (the seed pets). */
  vitestMs: number;
  /** Wall-clock time with at least one check under way (checks run together). */
  checksMs: number;
  /** Wall-clock time with at least one of the suites' requests in flight. */
  httpMs: number;
  /** CPU time, summed over the checks. */
  validationMs: number;
  generationMs: number;
  /** The checks' time with no request in flight, beyond validation and generation: judging, bookkeeping, vitest's work per test. */
  otherMs: number;
  /** The process's peak resident memory so far (its suite thread included), in MiB. */
  peakRssMiB?: number;
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  warned: number;
  skipped: number;
  /** Checks that applied but could not be judged (absent from reports of older harnesses). */
  unjudged?: number;
  /** Checks the harness itself failed in (absent from reports of older harnesses). */
  errors?: number;
  /** Checks --only or --skip left out: not in `checks`, not in `total` (absent when none). */
  deselected?: number;
}

export interface SunsetStatus {
  date: string;
  today: string;
  todaySource: TodaySource;
  /** The target's Date header, when it was more than a day off the day judged by. */
  targetClock?: ClockSkew;
  daysLeft: number;
  warnWithinDays: number;
}

/**
 * conformant: MUST checks were judged and none failed; non-conformant: one failed;
 * inconclusive: no MUST check was judged (all skipped or left out), so there is nothing to
 * conclude; error: the harness itself failed.
 */
export type RunVerdict = 'conformant' | 'non-conformant' | 'inconclusive' | 'error';

/** Everything a run found, from which every report format is written. */
export interface RunReport {
  harness: { name: string; version: string };
  /** `doc`: where the clauses are explained (absent in reports of older harnesses). */
  contract: { version: string; doc?: string };
  target: { baseUrl: string; embedded: boolean };
  verdict: RunVerdict;
  /** Why the verdict is `error`: what the harness could not do, or why the run stopped. */
  reason?: string;
  /**
   * Set when the run stopped before all its checks ran, and why (Ctrl-C, --max-failures): the
   * checks not run are skipped with the message `not run`, and the verdict speaks for the rest.
   */
  partial?: string;
  profile: string;
  /** `I/N` when this run was one shard of N (see `merge`). */
  shard?: string;
  /** True when the run sent no POST (the probe profile). */
  readOnly: boolean;
  seed: number;
  /** SHA-256 of the contract's schema files, so a report names the exact contract it judged. */
  schemasSha256: string;
  /** The options of the run; the API key is never among them. */
  options: Record<string, string | number | boolean | string[]>;
  /** Requests the run sent, set-up and preflight included. */
  requests: number;
  /** Pets the run created (the contract has no delete: they stay). */
  createdPets: number;
  /** Median and 95th percentile latency of answered requests, per operation. */
  latency: Partial<Record<OperationName, Latency>>;
  /**
   * 429 answers whose Retry-After the run waited out before sending again, and the time spent
   * waiting (absent from reports of older harnesses).
   */
  tooManyRequests?: RetryWaits;
  runs: number;
  /** The day the sunset checks took as today. */
  today: string;
  /** The getPet sunset: its date, the day taken as today and where it came from, days left. */
  sunset: SunsetStatus;
  runId: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Absent from a merged report: its shards ran apart. */
  timings?: RunTimings;
  summary: Summary;
  /**
   * How many of the contract's clauses this run judged; and, when EVERY-ANSWER ran, every cell
   * of the request space (`dimensions`: field x JSON type, boundary values, credential
   * presentation, store size around each limit) with how many requests covered it, and the
   * cells none did (`uncovered`, as `dimension: cell`).
   */
  coverage: ClauseCoverage & {
    dimensions?: readonly DimensionCount[];
    uncovered?: readonly string[];
  };
  checks: CheckResult[];
  /** Failures of the harness itself (a suite that would not load, a crash in a check). */
  harnessErrors: string[];
}

export function summarize(checks: readonly CheckResult[]): Summary {
  const count = (v: Verdict) => checks.filter((c) => c.verdict === v).length;
  return {
    total: checks.length,
    passed: count('pass'),
    failed: count('fail'),
    warned: count('warn'),
    skipped: count('skip'),
    unjudged: count('unjudged'),
    errors: count('error'),
  };
}

/** MUST checks the run judged (pass, warn or fail). */
export function mustJudged(checks: ReadonlyArray<Pick<CheckResult, 'level' | 'verdict'>>): number {
  return checks.filter((c) => c.level === 'MUST' && judgesClause(c)).length;
}

/**
 * The run's verdict from its checks, the worst first: the harness failed (an error, never the
 * target's failure); a check failed; no MUST check was judged; else conformant.
 */
export function runVerdict(
  checks: ReadonlyArray<Pick<CheckResult, 'level' | 'verdict' | 'code'>>,
  harnessErrors: readonly string[],
): RunVerdict {
  if (harnessErrors.length > 0 || checks.some((c) => c.verdict === 'error')) return 'error';
  if (checks.some((c) => c.verdict === 'fail')) return 'non-conformant';
  if (unreadMusts(checks) > 0) return 'inconclusive';
  return mustJudged(checks) === 0 ? 'inconclusive' : 'conformant';
}

/** Answers the HTTP client could not read, by the unjudged code they leave, in words. */
const UNREAD_REASONS: Readonly<Record<string, string>> = {
  unsolicited:
    'the target sent interim 1xx answers (100 Continue) the HTTP client cannot read past',
  'too-large':
    "the target's answers ended past the harness's body cap, too large to hold and judge (--max-body raises the cap)",
  'rate-limited':
    "the target's rate limit (429, or 503 shedding load) still refused, after the harness waited, requests these clauses needed (--rate or --concurrency lower the load)",
};
const UNREAD = Object.keys(UNREAD_REASONS);

/** Why MUST checks were left unread (see unreadMusts), one clause per reason met. */
export function unreadReasons(
  checks: ReadonlyArray<Pick<CheckResult, 'level' | 'verdict' | 'code'>>,
): string {
  const met = new Set(
    checks.filter((c) => c.level === 'MUST' && c.verdict === 'unjudged').map((c) => c.code),
  );
  return UNREAD.filter((code) => met.has(code))
    .map((code) => UNREAD_REASONS[code])
    .join('; ');
}

/**
 * MUST checks left unjudged by answers the HTTP client could not read (interim 1xx it was not
 * told of, bodies past its cap) or that a rate limit kept refusing: neither the target's fault
 * shown nor a clause kept, so the run cannot say conformant (a target that only ever sends them
 * would pass, and a rate limit in front of a fault would hide it).
 */
export function unreadMusts(
  checks: ReadonlyArray<Pick<CheckResult, 'level' | 'verdict' | 'code'>>,
): number {
  return checks.filter(
    (c) => c.level === 'MUST' && c.verdict === 'unjudged' && UNREAD.includes(c.code ?? ''),
  ).length;
}
