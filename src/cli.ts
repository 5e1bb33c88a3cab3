import './base/compile-cache.ts';
import { join } from 'node:path';
import { colourEnabled, colourLine } from './base/colour.ts';
import { HarnessError } from './base/errors.ts';
import { inertLine, inertText } from './base/inert.ts';
import { HARNESS } from './base/paths.ts';
import { plural } from './base/plural.ts';
import { type Progress, type RunControl, type StopReason, stopReason } from './bridge/control.ts';
import {
  type Config,
  type ConfigSources,
  commandUsage,
  loadConfig,
  reportDirOf,
  usage,
} from './config/config.ts';
import { EXIT_CODES, HARNESS_ERROR_EXIT } from './engine/exit-codes.ts';
import { liveProgress, StatusLine } from './engine/status-line.ts';
import { clockOnDay } from './reference/clock.ts';
import { githubAnnotations } from './report/annotations.ts';
import { causeLines } from './report/causes.ts';
import { type RunReport, type RunVerdict, unreadMusts, unreadReasons } from './report/model.ts';
import { retryWaitsLine } from './report/stats.ts';
import { markUnfinished, writeErrorReport } from './report/unfinished.ts';

const HEADLINE: Record<RunVerdict, string> = {
  conformant: 'Conformant',
  'non-conformant': 'NOT conformant',
  inconclusive: 'Inconclusive: no MUST check was judged',
  error: 'Could not judge the target',
};

const COLOUR = colourEnabled(process.env, process.stdout.isTTY === true);
// A run on a terminal shows its progress on a line redrawn below the others.
const STATUS = liveProgress(process.env, process.stdout.isTTY === true)
  ? new StatusLine(process.stdout)
  : undefined;
// Lines may quote what the target sent: escape sequences in it are shown, never obeyed.
const print = (line: string) => {
  const safe = inertText(line);
  const text = `${COLOUR ? safe.split('\n').map(colourLine).join('\n') : safe}\n`;
  if (STATUS) STATUS.above(text);
  else process.stdout.write(text);
};
const printError = (line: string) => {
  STATUS?.end();
  process.stderr.write(`petstore-conformance: ${inertLine(line)}\n`);
};

/**
 * `Conformant: 60 passed, 0 failed, 0 warned, 0 skipped`, the line a run and a merge end on;
 * clauses no check judged are named on it, since the verdict does not speak for them.
 */
function verdictLine(report: RunReport): string {
  const { passed, failed, warned, skipped, unjudged = 0, errors = 0 } = report.summary;
  const { deselected = 0 } = report.summary;
  // Clauses only deselected checks speak to were not asked about: counted, not listed.
  const unasked = new Set(report.coverage.deselected ?? []);
  const notJudged = report.coverage.notJudged.filter((id) => !unasked.has(id));
  const unread = unreadMusts(report.checks);
  // Named where some clauses were judged: not when none was (that line says why).
  const clauses =
    notJudged.length && (report.verdict !== 'inconclusive' || unread > 0)
      ? `; clauses not judged: ${notJudged.join(', ')}`
      : '';
  const more = `${unjudged ? `, ${unjudged} unjudged` : ''}${errors ? `, ${errors} harness errors` : ''}`;
  const left = deselected ? `; ${deselected} deselected by --only/--skip` : '';
  const headline = unread
    ? `Inconclusive: ${unread} MUST check(s) not judged (${unreadReasons(report.checks)})`
    : HEADLINE[report.verdict];
  return `${headline}: ${passed} passed, ${failed} failed, ${warned} warned, ${skipped} skipped${more}${left}${clauses}`;
}

/** The exit code of a report; exit 2 without a harness error still gets its line on stderr. */
function exitCodeOf(report: RunReport): number {
  const unread = unreadMusts(report.checks);
  if (report.verdict === 'inconclusive' && unread > 0) {
    printError(`inconclusive: ${unread} MUST check(s) not judged: ${unreadReasons(report.checks)}`);
  } else if (report.verdict === 'inconclusive') {
    const { skipped, total, deselected } = report.summary;
    const left = deselected ? `, ${deselected} deselected` : '';
    printError(
      `inconclusive: no MUST check was judged (${skipped} of ${total} skipped${left}); widen --only/--skip, the profile or --max-requests`,
    );
  }
  if (report.verdict === 'error') {
    const [first] = report.harnessErrors;
    const more =
      report.harnessErrors.length > 1 ? ` (and ${report.harnessErrors.length - 1} more)` : '';
    printError(`could not judge the target: ${first ?? 'the harness failed'}${more}`);
  }
  return EXIT_CODES[report.verdict];
}

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;
/** How long an interrupted run may take to write what it judged before it exits regardless. */
const STOP_GRACE_MS = 10_000;

/**
 * Ctrl-C (or a CI runner's SIGTERM) stops the run: what was judged is written as a partial
 * report and the process exits with the shell's code. A second signal, or a run that cannot
 * stop in time, exits at once (the scratch files still go, on exit).
 */
function stopOnSignals(stop: RunControl): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stop.controller.signal.aborted) process.exit(SIGNAL_EXIT[signal]);
      stop.controller.abort({ reason: `interrupted (${signal})`, signal } satisfies StopReason);
      setTimeout(() => {
        printError(`interrupted (${signal}); the run did not stop in time, no reports written`);
        process.exit(SIGNAL_EXIT[signal]);
      }, STOP_GRACE_MS).unref();
    });
  }
}

/** The exit code of a run a signal stopped, after its one line on stderr; else undefined. */
function signalExit(stop: RunControl, report: RunReport, dir: string): number | undefined {
  const reason = stopReason(stop);
  if (!reason?.signal) return undefined;
  const what = report.partial ?? `${reason.reason} as the reports were written`;
  printError(`${what}; partial reports written to ${dir} (report.json: "partial")`);
  return SIGNAL_EXIT[reason.signal];
}

async function run(config: Config): Promise<number> {
  const stop: RunControl = {
    controller: new AbortController(),
    ...(config.maxFailures === undefined ? {} : { maxFailures: config.maxFailures }),
    ...(STATUS ? { onProgress: (progress: Progress) => STATUS.show(progress) } : {}),
  };
  stopOnSignals(stop);
  print(`${HARNESS.name} ${HARNESS.version}`);
  for (const warning of config.warnings) print(`warning: ${warning}`);
  // Before anything slow: a folder that cannot take the reports is said at once, and what an
  // earlier run left there is no longer taken for this run's.
  await markUnfinished(config.reportDir, config.reports);
  // Loaded on demand: vitest is heavy, and --help or a bad flag should answer at once. The
  // suites' worker is started first: it boots while the rest of the harness loads.
  const { startSuites } = await import('./bridge/run-suites.ts');
  const suites = await startSuites(config);
  const { report, reportFiles } = await (async () => {
    // Asked once the worker boots: the check catalog is the heaviest module this thread loads.
    (await import('./checks/selection.ts')).checkSelection(config);
    const { runConformance } = await import('./engine/run.ts');
    return runConformance(config, print, suites, stop);
    // A stopped run does not wait for the checks still under way: exiting ends them.
  })().finally(() => (stop.controller.signal.aborted ? undefined : suites.close()));
  STATUS?.end();
  const signalled = signalExit(stop, report, config.reportDir);
  if (signalled !== undefined) return signalled;
  for (const error of report.harnessErrors) print(`harness error: ${error}`);
  print('');
  // On GitHub Actions each failed MUST check is an annotation on the job (and its PR).
  if (process.env.GITHUB_ACTIONS === 'true')
    for (const line of githubAnnotations(report)) print(line);
  for (const line of causeLines(report.checks)) print(line);
  if (report.partial) print(`Partial: ${report.partial}`);
  const seconds = (report.durationMs / 1000).toFixed(1);
  print(`${verdictLine(report)} (${report.summary.total} checks in ${seconds} s)`);
  const unasked = report.coverage.deselected?.length;
  print(
    `Clauses judged: ${report.coverage.judged} of ${report.coverage.clauses}${unasked ? ` (${unasked} deselected)` : ''} · ${plural(report.requests, 'request')} · ${plural(report.createdPets, 'pet')} created`,
  );
  const latency = Object.entries(report.latency).map(
    ([op, l]) => `${op} median ${l.medianMs} ms, p95 ${l.p95Ms} ms`,
  );
  if (latency.length) print(`Latency: ${latency.join('; ')}`);
  const waits = retryWaitsLine(report.tooManyRequests);
  if (waits) print(`Rate limited: ${waits}`);
  print(`Reports: ${reportFiles.join(', ')}`);
  return exitCodeOf(report);
}

async function serve(config: Config): Promise<number> {
  if (!config.apiKey)
    throw new HarnessError(
      'CONFIG',
      'serve needs an API key: give --api-key or set PETSTORE_API_KEY',
    );
  const { startReferenceServer } = await import('./reference/index.ts');
  const server = await startReferenceServer({
    apiKey: config.apiKey,
    port: config.port,
    host: config.host,
    ...(config.now ? { clock: clockOnDay(config.now) } : {}),
  });
  print(`Reference server listening at ${server.baseUrl} (stop with Ctrl-C)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

const SOURCES: ConfigSources = {
  argv: process.argv.slice(2),
  env: process.env,
  dotenvPath: join(process.cwd(), '.env'),
  configDir: process.cwd(),
};
/** The run's Config, once read: an error's hint names where a setting came from. */
let loaded: Config | undefined;

async function main(): Promise<number> {
  const config = loadConfig(SOURCES);
  loaded = config;
  if (config.command === 'help') {
    print(config.helpFor ? commandUsage(config.helpFor) : usage());
    return 0;
  }
  if (config.command === 'version') {
    print(`${HARNESS.name} ${HARNESS.version}`);
    return 0;
  }
  if (config.command === 'merge') {
    const { mergeReports } = await import('./report/merge.ts');
    const { report, files } = await mergeReports(
      config.mergeDirs,
      config.reportDir,
      config.reports,
    );
    for (const line of causeLines(report.checks)) print(line);
    print(`Merged ${config.mergeDirs.length} shards. ${verdictLine(report)}`);
    print(`Reports: ${files.join(', ')}`);
    return exitCodeOf(report);
  }
  if (config.command === 'list-checks') {
    const { catalogJson, catalogTable } = await import('./checks/list.ts');
    process.stdout.write(config.json ? catalogJson() : catalogTable());
    return 0;
  }
  return config.command === 'serve' ? serve(config) : run(config);
}

function describe(error: unknown): string {
  // The key to check is the one given, where it was given (a flag, the environment, .env).
  if (error instanceof HarnessError && error.code === 'KEY_REJECTED')
    return `${error.message}: check ${loaded?.apiKeyFrom ?? 'the API key'}`;
  if (error instanceof HarnessError) return error.message;
  const err = error as { code?: string; message?: string };
  if (err.code === 'EADDRINUSE') return `address already in use: ${err.message}`;
  if (err.code === 'EACCES' || err.code === 'EROFS' || err.code === 'ENOTDIR')
    return `cannot write: ${err.message}`;
  return `internal error: ${err.message ?? String(error)}`;
}

/**
 * A harness error's words are redacted where it was thrown; an unexpected one's may quote
 * anything, so it goes through the run's egress too before stderr or report.json see it.
 */
async function redacted(text: string): Promise<string> {
  if (!loaded?.apiKey) return text;
  const { egressFor } = await import('./bridge/redactor.ts');
  return egressFor(loaded.apiKey, loaded.secrets).message(text);
}

/** Why the run could not go on: one line on stderr, the error report, exit 2; never a stack. */
async function failed(error: unknown): Promise<never> {
  const reason = await redacted(describe(error));
  printError(reason);
  if (process.env.PETSTORE_DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
  // A run that could not judge says so in report.json, in place of an earlier run's verdict.
  const dir = reportDirOf(SOURCES);
  if (dir) await writeErrorReport(dir, reason, loaded?.reports);
  process.exit(HARNESS_ERROR_EXIT);
}

// An error no promise carries (the suites' worker dying of its memory, an emitter's 'error' no
// one listens to) ends the run the same way, not with Node's stack trace.
process.on('uncaughtException', (error) => void failed(error));

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    // One line, never a stack: set PETSTORE_DEBUG=1 to see where it came from.
    await failed(error);
  },
);
