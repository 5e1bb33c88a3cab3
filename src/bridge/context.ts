import type { TodaySource } from '../base/today.ts';
import type { ProblemData } from '../checks/finding.ts';
import type { DimensionCount } from '../checks/request-space.ts';
import type { Counterexample, Outcome } from '../checks/types.ts';
import type { Connection } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Limits } from '../http/throttle.ts';
import type { CheckTiming } from '../report/model.ts';

/** What the suites need to know of the run; handed to every vitest worker via `provide`. */
export interface HarnessContext {
  baseUrl: string;
  apiKey: string;
  /** Extra headers (-H) and TLS settings of every request. */
  connection?: Connection;
  /** Hidden from every output like the key (the -H values, unless --header-public). */
  secrets?: string[];
  timeoutMs: number;
  /** The run's time budget (limits.deadline is when it ends). */
  maxDurationMs: number;
  seed: number;
  /** fast-check runs per property. */
  runs: number;
  /** The day the sunset checks take as today, `YYYY-MM-DD`. */
  today: string;
  /** Where `today` came from. */
  todaySource: TodaySource;
  /** The sunset countdown warns from this many days before the sunset. */
  sunsetWarnDays: number;
  /** How long a listing may lag behind a write before an empty page counts (--list-lag). */
  listLagMs: number;
  /** Marks everything this run creates, e.g. pet names `pc-<runId>-...`. */
  runId: string;
  maxBodyBytes: number;
  /** Check id prefixes to run (all when empty) and to leave out. */
  only: string[];
  skip: string[];
  /** What an RFC-level check's failure is: a failure (certify), or a warning (the other profiles). */
  rfcMusts?: 'fail' | 'warn';
  /** False in the probe profile: nothing that writes runs, and no POST is sent. */
  writes: boolean;
  /** File every exchange of the run is appended to (one JSON line each), for HAR and statistics. */
  exchangeLog?: string;
  /** Request budget, rate, concurrency and deadline of the run. */
  limits: Limits;
  /** `I/N`: this run registers only shard I of N of the suites (see src/bridge/shard.ts). */
  shard?: string;
  /** The preflight's exchange, raw: its answer is judged with every other (EVERY-ANSWER). */
  preflight?: Exchange;
  /** Requests the preflight sent besides its own (the same without the key, when it got no answer). */
  preflightOthers?: Exchange[];
  /** The preflight's earlier answers that asked for patience (429, 503), waited out. */
  preflightWaitedOut?: Exchange[];
}

/** What a test hands the reporter about the check it ran (via vitest's `task.meta`). */
export interface CheckMeta {
  id: string;
  verdict: Outcome;
  message: string;
  /** The exchanges that show the verdict (empty for a pass). */
  exchanges: Exchange[];
  /** Requests the test sent in all. */
  requests: number;
  counterexample?: Counterexample;
  timing?: CheckTiming;
  /** See Judgement.code. */
  code?: string;
  /** See Judgement.problem. */
  problem?: ProblemData;
  /** See Judgement.dimensions. */
  dimensions?: readonly DimensionCount[];
  /** See Judgement.covered. */
  covered?: Record<string, number>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    harness: HarnessContext;
    /** Set when the run's harness comes later, through this gate (src/bridge/gate.ts). */
    harnessGate?: string;
  }
}

// TaskMeta is declared by vitest's runner package; vitest re-exports it.
declare module '@vitest/runner' {
  interface TaskMeta {
    check?: CheckMeta;
  }
}
