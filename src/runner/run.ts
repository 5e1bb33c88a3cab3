import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { keySecrets } from '../checks/auth-table.ts';
import { clauseCoverage } from '../checks/coverage.ts';
import { daysUntilSunset } from '../checks/deprecation.ts';
import type { Config } from '../config.ts';
import { CONTRACT_DOC, CONTRACT_VERSION, GET_PET_SUNSET } from '../contract.ts';
import { createClient } from '../http/client.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import { readExchanges } from '../http/exchange-log.ts';
import { createRedactor, type Redactor } from '../http/redaction.ts';
import { plural } from '../plural.ts';
import { PROFILES } from '../profiles.ts';
import { clockOnDay } from '../reference/clock.ts';
import { type RunningServer, startReferenceServer } from '../reference/index.ts';
import { type RunReport, runVerdict, type SunsetStatus, summarize } from '../report/model.ts';
import { createdPets, latencyByOperation } from '../report/stats.ts';
import { ensureWritableDir, writeReports } from '../report/write.ts';
import { schemasHash } from '../schemas.ts';
import type { HarnessContext } from './context.ts';
import { HARNESS } from './paths.ts';
import { preflight, probeWith } from './preflight.ts';
import { runSuites, type SuiteSession } from './run-suites.ts';
import { runTimings } from './timings.ts';
import { resolveToday, skewText, TODAY_SOURCE_LABEL, type Today } from './today.ts';
import { readWaits } from './waits.ts';

export interface RunOutcome {
  report: RunReport;
  reportFiles: string[];
}

interface Target {
  baseUrl: string;
  apiKey: string;
  embedded?: RunningServer;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

function sunsetLine(today: string): string {
  const days = daysUntilSunset(today);
  return days > 0
    ? `${plural(days, 'day')} until getPet is removed on ${GET_PET_SUNSET}`
    : `getPet was removed on ${GET_PET_SUNSET}`;
}

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

/** The options that shaped the run, as a reader of the report needs them (the key is never here). */
function runOptions(config: Config): RunReport['options'] {
  return {
    profile: config.profile,
    seed: config.seed,
    runs: config.runs,
    timeoutMs: config.timeoutMs,
    only: config.only,
    skip: config.skip,
    allowWrites: config.allowWrites,
    ...(config.shard ? { shard: config.shard } : {}),
    ...(config.maxRequests === undefined ? {} : { maxRequests: config.maxRequests }),
    ...(config.rate === undefined ? {} : { rate: config.rate }),
    concurrency: config.concurrency,
    sunsetWarnDays: config.sunsetWarnDays,
    ...(config.now ? { now: config.now } : {}),
  };
}

/**
 * Drawn per run, so each run's pets can be told apart. Nothing draws from it: the same --seed
 * sends the same requests, apart from this tag in pet names (always 8 characters long).
 */
export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

async function openTarget(config: Config, print: (line: string) => void): Promise<Target> {
  if (config.baseUrl && config.apiKey) return { baseUrl: config.baseUrl, apiKey: config.apiKey };
  const apiKey = randomBytes(18).toString('base64url');
  // With --now, the embedded server lives on that day too, so both sides agree on the sunset.
  const embedded = await startReferenceServer({
    apiKey,
    ...(config.now ? { clock: clockOnDay(config.now) } : {}),
  });
  print(`No --base-url given: started the embedded reference server at ${embedded.baseUrl}`);
  return { baseUrl: embedded.baseUrl, apiKey, embedded };
}

/** Runs the whole conformance job: target, preflight, suites, reports. Throws HarnessError when it cannot. */
export async function runConformance(
  config: Config,
  print: (line: string) => void,
  session?: SuiteSession,
): Promise<RunOutcome> {
  const runStart = performance.now();
  await ensureWritableDir(config.reportDir);
  const target = await openTarget(config, print);
  const redact: Redactor = createRedactor(keySecrets(target.apiKey));
  const say = (line: string) => print(redact(line));
  try {
    const open = (baseUrl: string) =>
      createClient({ ...target, baseUrl, timeoutMs: config.timeoutMs, redact });
    const client = open(target.baseUrl);
    let first: Exchange;
    try {
      first = await preflight(client, target.baseUrl, probeWith(open));
    } finally {
      await client.close();
    }
    const today = resolveToday(config.now, first.response?.headers.date);
    const harness: HarnessContext = {
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      timeoutMs: config.timeoutMs,
      seed: config.seed,
      runs: config.runs,
      today: today.date,
      todaySource: today.source,
      sunsetWarnDays: config.sunsetWarnDays,
      runId: newRunId(),
      maxBodyBytes: MAX_BODY_BYTES,
      only: config.only,
      skip: config.skip,
      writes: PROFILES[config.profile].writes,
      exchangeLog: join(mkdtempSync(join(tmpdir(), 'pc-run-')), 'exchanges.ndjson'),
      limits: {
        // The preflight has spent one request of the budget already.
        ...(config.maxRequests === undefined ? {} : { maxRequests: config.maxRequests - 1 }),
        ...(config.rate === undefined ? {} : { ratePerSecond: config.rate }),
        concurrency: config.concurrency,
      },
    };
    const replay = {
      random: ` (replay with --seed ${config.seed})`,
      profile: ' (fixed by the ci profile)',
      flag: '',
      env: '',
    }[config.seedSource];
    say(
      `Target ${target.baseUrl} · profile ${config.profile} · seed ${config.seed}${replay} · ${config.runs} runs per property`,
    );
    if (!harness.writes) say('Read-only: this run sends no POST and creates nothing.');
    say(
      `Today is ${today.date}, from ${TODAY_SOURCE_LABEL[today.source]}; ${sunsetLine(today.date)}`,
    );
    if (today.skew) {
      say(`warning: ${skewText(today.skew, today.source)}; judging by ${today.date}`);
    }
    const startedAt = new Date();
    const targetReady = performance.now();
    const collector = session
      ? await session.run(harness, say)
      : await runSuites(harness, say, config.shard);
    const finishedAt = new Date();
    const suitesEnd = performance.now();
    const exchanges = [forRecord(first), ...readExchanges(harness.exchangeLog as string)];
    const tooManyRequests = readWaits(harness.exchangeLog as string);
    rmSync(dirname(harness.exchangeLog as string), { recursive: true, force: true });
    const checks = collector.orderedResults();
    const summary = summarize(checks);
    const report: RunReport = {
      harness: HARNESS,
      contract: { version: CONTRACT_VERSION, doc: CONTRACT_DOC },
      target: { baseUrl: target.baseUrl, embedded: target.embedded !== undefined },
      verdict: runVerdict(checks, collector.harnessErrors),
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
      tooManyRequests,
      today: harness.today,
      sunset: sunsetStatus(today, config.sunsetWarnDays),
      runId: harness.runId,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      timings: runTimings({ runStart, targetReady, suitesEnd }, checks),
      summary,
      coverage: clauseCoverage(checks),
      checks,
      harnessErrors: collector.harnessErrors,
    };
    const reportFiles = await writeReports(report, config.reportDir, redact, exchanges);
    return { report, reportFiles };
  } finally {
    await target.embedded?.close();
  }
}
