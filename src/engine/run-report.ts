import { HARNESS } from '../base/paths.ts';
import type { Today } from '../base/today.ts';
import type { ResultCollector } from '../bridge/collector.ts';
import type { HarnessContext } from '../bridge/context.ts';
import type { StopReason } from '../bridge/control.ts';
import { runTimings } from '../bridge/timings.ts';
import { clauseCoverage } from '../checks/coverage.ts';
import { daysUntilSunset } from '../checks/deprecation.ts';
import type { DimensionCount } from '../checks/request-space.ts';
import { DESELECTED } from '../checks/selection.ts';
import type { Config } from '../config/config.ts';
import { CONTRACT_DOC, CONTRACT_VERSION, GET_PET_SUNSET } from '../contract/contract.ts';
import { schemasHash } from '../contract/schemas.ts';
import type { Exchange } from '../http/exchange.ts';
import type { RetryWaits } from '../http/throttle.ts';
import {
  type CheckResult,
  NOT_RUN,
  type RunReport,
  runVerdict,
  type SunsetStatus,
  summarize,
} from '../report/model.ts';
import { createdPets, latencyByOperation } from '../report/stats.ts';

function sunsetStatus(today: Today, warnWithinDays: number): SunsetStatus {
  return {
    date: GET_PET_SUNSET,
    today: today.date,
    todaySource: today.source,
    ...(today.skew ? { targetClock: today.skew } : {}),
    daysLeft: Math.max(0, daysUntilSunset(today.date)),
    warnWithinDays,
  };
}

/** The -H names (never their values) and which TLS settings were given (never their files' text). */
function connectionOptions({ connection }: Config): RunReport['options'] {
  const tls = connection.tls;
  return {
    ...(connection.headers ? { headers: Object.keys(connection.headers) } : {}),
    ...(tls?.ca ? { caFile: true } : {}),
    ...(tls?.cert ? { clientCertificate: true } : {}),
    ...(tls?.rejectUnauthorized === false ? { insecure: true } : {}),
  };
}

/** The options that shaped the run, as a reader of the report needs them (the key is never here). */
function runOptions(config: Config): RunReport['options'] {
  return {
    profile: config.profile,
    seed: config.seed,
    runs: config.runs,
    timeoutMs: config.timeoutMs,
    maxDurationMs: config.maxDurationMs,
    only: config.only,
    skip: config.skip,
    allowWrites: config.allowWrites,
    ...(config.shard ? { shard: config.shard } : {}),
    ...(config.maxRequests === undefined ? {} : { maxRequests: config.maxRequests }),
    ...(config.rate === undefined ? {} : { rate: config.rate }),
    concurrency: config.concurrency,
    ...(config.maxFailures === undefined ? {} : { maxFailures: config.maxFailures }),
    ...connectionOptions(config),
    sunsetWarnDays: config.sunsetWarnDays,
    ...(config.now ? { now: config.now } : {}),
  };
}

/** What a finished run hands over to be reported: everything already redacted. */
export interface RunFacts {
  config: Config;
  harness: HarnessContext;
  /** The target's base URL, redacted. */
  baseUrl: string;
  embedded: boolean;
  today: Today;
  collector: ResultCollector;
  exchanges: readonly Exchange[];
  /** 429 answers waited out, and the time spent waiting. */
  tooManyRequests: RetryWaits;
  /** Why the run stopped before all its checks ran (Ctrl-C, --max-failures), if it did. */
  stopped?: StopReason | undefined;
  clock: {
    startedAt: Date;
    finishedAt: Date;
    runStart: number;
    targetReady: number;
    suitesEnd: number;
  };
}

/**
 * The verdict, and why when it is not the checks' own: a harness error, or a run stopped early.
 * An interrupted run speaks for nothing (error); one stopped at --max-failures has failed.
 */
function verdictOf(
  checks: readonly CheckResult[],
  harnessErrors: readonly string[],
  stopped: StopReason | undefined,
): Pick<RunReport, 'verdict' | 'reason' | 'partial'> {
  if (stopped) {
    const ran = checks.filter((c) => c.message !== NOT_RUN).length;
    const partial = `${stopped.reason} after ${ran} of ${checks.length} checks`;
    const verdict = stopped.signal ? 'error' : runVerdict(checks, harnessErrors);
    return { verdict, partial, ...(verdict === 'error' ? { reason: partial } : {}) };
  }
  const verdict = runVerdict(checks, harnessErrors);
  if (verdict !== 'error') return { verdict };
  return { verdict, reason: harnessErrors[0] ?? 'a check failed inside the harness' };
}

/** The request space's cells and their counts, and those no request covered. */
function spaceCoverage(dimensions: readonly DimensionCount[] | undefined) {
  if (!dimensions) return {};
  const uncovered = dimensions
    .filter((d) => d.requests === 0)
    .map((d) => `${d.dimension}: ${d.cell}`);
  return { dimensions, uncovered };
}

/** The run's result model, from which every report format is written. */
export function buildReport(facts: RunFacts): RunReport {
  const { config, harness, collector, exchanges, clock, today } = facts;
  const all = collector.orderedResults();
  // Left out by --only or --skip: counted apart, neither listed nor skipped.
  const checks = all.filter((c) => c.code !== DESELECTED);
  const deselected = all.length - checks.length;
  return {
    harness: HARNESS,
    contract: { version: CONTRACT_VERSION, doc: CONTRACT_DOC },
    target: { baseUrl: facts.baseUrl, embedded: facts.embedded },
    ...verdictOf(checks, collector.harnessErrors, facts.stopped),
    profile: config.profile,
    ...(config.shard ? { shard: config.shard } : {}),
    readOnly: !harness.writes,
    seed: config.seed,
    runs: config.runs,
    schemasSha256: schemasHash(),
    options: runOptions(config),
    requests: exchanges.length,
    createdPets: createdPets(exchanges),
    latency: latencyByOperation(exchanges),
    tooManyRequests: facts.tooManyRequests,
    today: harness.today,
    sunset: sunsetStatus(today, config.sunsetWarnDays),
    runId: harness.runId,
    startedAt: clock.startedAt.toISOString(),
    finishedAt: clock.finishedAt.toISOString(),
    durationMs: clock.finishedAt.getTime() - clock.startedAt.getTime(),
    // The preflight's exchanges (those it waited out, the first, and any it sent without the key)
    // went before the suites.
    timings: runTimings(
      clock,
      checks,
      collector.spans,
      exchanges.slice(
        1 + (harness.preflightOthers?.length ?? 0) + (harness.preflightWaitedOut?.length ?? 0),
      ),
    ),
    summary: { ...summarize(checks), ...(deselected ? { deselected } : {}) },
    coverage: { ...clauseCoverage(checks), ...spaceCoverage(collector.dimensions) },
    checks,
    harnessErrors: collector.harnessErrors,
  };
}
