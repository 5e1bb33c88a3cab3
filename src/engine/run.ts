import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { HarnessError } from '../base/errors.ts';
import { plural } from '../base/plural.ts';
import { resolveToday, skewText, TODAY_SOURCE_LABEL, type Today } from '../base/today.ts';
import type { HarnessContext } from '../bridge/context.ts';
import { type RunControl, stopReason } from '../bridge/control.ts';
import { egressFor } from '../bridge/redactor.ts';
import { readRunLog } from '../bridge/run-log.ts';
import { runSuites, type SuiteSession } from '../bridge/run-suites.ts';
import { daysUntilSunset } from '../checks/deprecation.ts';
import type { Config } from '../config/config.ts';
import { PROFILES, rfcMustsOf } from '../config/profiles.ts';
import { GET_PET_SUNSET } from '../contract/contract.ts';
import { type Connection, createClient } from '../http/client.ts';
import { clockOnDay } from '../reference/clock.ts';
import { type RunningServer, startReferenceServer } from '../reference/index.ts';
import type { RunReport } from '../report/model.ts';
import { ensureWritableDir } from '../report/report-dir.ts';
import { type Preflight, preflightAll, probeWith } from './preflight.ts';
import { removeScratch, scratchDir } from './scratch.ts';

export interface RunOutcome {
  report: RunReport;
  reportFiles: string[];
}

interface Target {
  baseUrl: string;
  apiKey: string;
  connection?: Connection;
  embedded?: RunningServer;
}

function sunsetLine(today: string): string {
  const days = daysUntilSunset(today);
  return days > 0
    ? `${plural(days, 'day')} until getPet is removed on ${GET_PET_SUNSET}`
    : `getPet was removed on ${GET_PET_SUNSET}`;
}

/**
 * Drawn per run, so each run's pets can be told apart. Nothing draws from it: the same --seed
 * sends the same requests, apart from this tag in pet names (always 8 characters long).
 */
export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

async function openTarget(config: Config, print: (line: string) => void): Promise<Target> {
  const { baseUrl, apiKey: key, connection } = config;
  if (baseUrl && key) return { baseUrl, apiKey: key, connection };
  const apiKey = randomBytes(18).toString('base64url');
  // With --now, the embedded server lives on that day too, so both sides agree on the sunset.
  const embedded = await startReferenceServer({
    apiKey,
    ...(config.now ? { clock: clockOnDay(config.now) } : {}),
  });
  print(`No --base-url given: started the embedded reference server at ${embedded.baseUrl}`);
  return { baseUrl: embedded.baseUrl, apiKey, embedded };
}

/** The first request: it proves the target answers and is the Petstore, before anything else. */
async function preflightOf(config: Config, target: Target): Promise<Preflight> {
  const open = (baseUrl: string) =>
    createClient({ ...target, baseUrl, timeoutMs: config.timeoutMs });
  const client = open(target.baseUrl);
  try {
    return await preflightAll(client, target.baseUrl, probeWith(open), config.waitForTargetMs);
  } finally {
    await client.close();
  }
}

function harnessContext(
  config: Config,
  target: Target,
  today: Today,
  scratch: string,
  startedAt: number,
  { ex: preflight, others, waitedOut }: Preflight,
): HarnessContext {
  return {
    preflight,
    ...(others.length ? { preflightOthers: others } : {}),
    ...(waitedOut.length ? { preflightWaitedOut: waitedOut } : {}),
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    connection: config.connection,
    secrets: config.secrets,
    timeoutMs: config.timeoutMs,
    maxDurationMs: config.maxDurationMs,
    seed: config.seed,
    runs: config.runs,
    today: today.date,
    todaySource: today.source,
    sunsetWarnDays: config.sunsetWarnDays,
    listLagMs: config.listLagMs,
    runId: newRunId(),
    maxBodyBytes: config.maxBodyBytes,
    only: config.only,
    skip: config.skip,
    writes: PROFILES[config.profile].writes,
    rfcMusts: rfcMustsOf(config.profile),
    exchangeLog: join(scratch, 'exchanges.ndjson'),
    limits: {
      // The preflight has spent a request of the budget already (more when it got no answer, or
      // was asked to wait and sent again).
      ...(config.maxRequests === undefined
        ? {}
        : { maxRequests: config.maxRequests - 1 - others.length - waitedOut.length }),
      ...(config.rate === undefined ? {} : { ratePerSecond: config.rate }),
      concurrency: config.concurrency,
      deadline: startedAt + config.maxDurationMs,
    },
  };
}

function announce(config: Config, target: Target, today: Today, say: (line: string) => void): void {
  const replay = {
    random: ` (replay with --seed ${config.seed})`,
    profile: ' (fixed by the ci profile)',
    flag: '',
    env: '',
  }[config.seedSource];
  say(
    `Target ${target.baseUrl} · profile ${config.profile} · seed ${config.seed}${replay} · ${config.runs} runs per property`,
  );
  if (!PROFILES[config.profile].writes)
    say('Read-only: this run sends no POST and creates nothing.');
  say(
    `Today is ${today.date}, from ${TODAY_SOURCE_LABEL[today.source]}; ${sunsetLine(today.date)}`,
  );
  if (today.skew) say(`warning: ${skewText(today.skew, today.source)}; judging by ${today.date}`);
}

/**
 * The modules that build and write the reports (prom-client among them, ~50 ms), loaded while
 * the checks run rather than while the suites' worker boots, which needs this thread's answers.
 */
function loadReporting() {
  const loading = Promise.all([import('./run-report.ts'), import('../report/write.ts')]).then(
    ([{ buildReport }, { writeReports }]) => ({ buildReport, writeReports }),
  );
  // Awaited once the suites end; a run that fails before then must not leave it unhandled.
  loading.catch(() => undefined);
  return loading;
}

/**
 * Runs the whole conformance job: target, preflight, suites, reports. Throws HarnessError when it
 * cannot. With `stop`, the suites may end early (Ctrl-C, --max-failures): the reports are partial.
 */
export async function runConformance(
  config: Config,
  print: (line: string) => void,
  session?: SuiteSession,
  stop?: RunControl,
): Promise<RunOutcome> {
  const runStart = performance.now();
  const runStartedAt = Date.now();
  await ensureWritableDir(config.reportDir);
  const target = await openTarget(config, print);
  const egress = egressFor(target.apiKey, config.secrets);
  const say = (line: string) => print(egress.line(line));
  const scratch = scratchDir('pc-run-');
  try {
    const sent = await preflightOf(config, target);
    const first = sent.ex;
    const today = resolveToday(config.now, first.response?.headers.date);
    const harness = harnessContext(config, target, today, scratch, runStartedAt, sent);
    announce(config, target, today, say);
    const startedAt = new Date();
    const targetReady = performance.now();
    const reporting = loadReporting();
    const collector = session
      ? // The collector's lines are made of what already passed the egress: printed as they are.
        await session.run(harness, print, stop)
      : await runSuites(harness, print, config.shard);
    const finishedAt = new Date();
    const suitesEnd = performance.now();
    const log = await readRunLog(harness.exchangeLog as string);
    const before = [...sent.waitedOut, first, ...sent.others].map((ex) => egress.exchange(ex));
    const exchanges = [...before, ...log.exchanges];
    const { buildReport, writeReports } = await reporting;
    const report = buildReport({
      config,
      harness,
      baseUrl: egress.message(target.baseUrl),
      embedded: target.embedded !== undefined,
      today,
      collector,
      exchanges,
      tooManyRequests: log.waits,
      stopped: stopReason(stop),
      clock: { startedAt, finishedAt, runStart, targetReady, suitesEnd },
    });
    const files = await writeReports(report, config.reportDir, exchanges, config.reports);
    return { report, reportFiles: files };
  } catch (error) {
    // A harness error may quote what the target answered.
    if (error instanceof HarnessError)
      throw new HarnessError(error.code, egress.message(error.message));
    throw error;
  } finally {
    removeScratch(scratch);
    await target.embedded?.close();
  }
}
