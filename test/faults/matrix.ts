import { HarnessError } from '../../src/base/errors.ts';
import type { HarnessContext } from '../../src/bridge/context.ts';
import type { SuiteSession } from '../../src/bridge/run-suites.ts';
import { loadConfig } from '../../src/config/config.ts';
import { EXIT_CODES, HARNESS_ERROR_EXIT } from '../../src/engine/exit-codes.ts';
import { runConformance } from '../../src/engine/run.ts';
import type { RunningServer } from '../../src/reference/index.ts';
import { startFault } from './catalog.ts';
import type { Fault, ServerVariant } from './types.ts';

export const MATRIX_KEY = 'matrix-key-0123456789abcdef';
export const MATRIX_SEED = 20261122;

/** What a suite session is opened with; every run then provides its own target. */
export const PLACEHOLDER_TARGET: HarnessContext = {
  baseUrl: 'http://127.0.0.1:9/v1',
  apiKey: MATRIX_KEY,
  timeoutMs: 2000,
  maxDurationMs: 240_000,
  seed: MATRIX_SEED,
  runs: 10,
  today: '2026-01-01',
  todaySource: 'flag',
  sunsetWarnDays: 180,
  listLagMs: 6000,
  only: [],
  skip: [],
  writes: true,
  limits: {},
  runId: 'matrix',
  maxBodyBytes: 4 * 1024 * 1024,
};

/** One server of the matrix and what the harness made of it. */
export interface MatrixRow {
  name: string;
  kind: 'fault' | 'conformant';
  description: string;
  expected: string[];
  exitCode: number;
  failed: string[];
  warned: string[];
  durationMs: number;
  error?: string;
  /** Each failed check's message, cut: why a row that should pass did not, for its test to say. */
  why?: string[];
}

/** The checks a run of the matrix selects: a fault's own (fast), or every check. */
type Selection = readonly string[] | 'all';

async function judgeOnce(
  variant: ServerVariant | Fault,
  reportDir: string,
  selection: Selection,
  session?: SuiteSession,
): Promise<MatrixRow> {
  const server: RunningServer = await startFault(variant, MATRIX_KEY);
  const started = Date.now();
  const row = {
    name: variant.name,
    kind: 'caughtBy' in variant ? ('fault' as const) : ('conformant' as const),
    description: variant.description,
    expected: 'caughtBy' in variant ? variant.caughtBy : [],
  };
  try {
    const argv = [
      'run',
      '--base-url',
      server.baseUrl,
      '--api-key',
      MATRIX_KEY,
      '--seed',
      String(MATRIX_SEED),
      '--runs',
      '5',
      '--timeout',
      '2000',
      // A second is lag enough for the matrix's own servers (the default, 15 s, is for services
      // behind a search index or a cache): the rows that look at an empty page again wait less.
      '--list-lag',
      '1',
      '--report-dir',
      reportDir,
      ...(variant.today ? ['--now', variant.today] : []),
      ...(variant.profile ? ['--profile', variant.profile] : []),
      ...(selection === 'all' ? [] : ['--only', selection.join(',')]),
    ];
    const { report } = await runConformance(loadConfig({ argv, env: {} }), () => {}, session);
    const failures = report.checks.filter((c) => c.verdict === 'fail');
    return {
      ...row,
      ...(failures.length
        ? { why: failures.map((c) => `${c.id}: ${c.message.slice(0, 600)}`) }
        : {}),
      exitCode: EXIT_CODES[report.verdict],
      failed: report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id),
      warned: report.checks.filter((c) => c.verdict === 'warn').map((c) => c.id),
      durationMs: Date.now() - started,
      ...(report.harnessErrors.length ? { error: report.harnessErrors.join('; ') } : {}),
    };
  } catch (error) {
    if (!(error instanceof HarnessError)) throw error;
    return {
      ...row,
      exitCode: HARNESS_ERROR_EXIT,
      failed: [],
      warned: [],
      durationMs: Date.now() - started,
      error: error.message,
    };
  } finally {
    await server.close();
  }
}

/**
 * Runs the harness against one server of the matrix, in this process, through the same
 * runConformance and exit-code mapping the CLI uses (the e2e tests run the CLI itself). A
 * conformant variant meets every check. A fault meets the checks expected to catch it first
 * (a fraction of the cost, which keeps npm test within its time); only when they miss it does
 * it meet every check, so the row says which checks catch it after all.
 */
export async function judgeServer(
  variant: ServerVariant | Fault,
  reportDir: string,
  session?: SuiteSession,
): Promise<MatrixRow> {
  if (!('caughtBy' in variant)) return judgeOnce(variant, reportDir, 'all', session);
  const focused = await judgeOnce(variant, reportDir, variant.caughtBy, session);
  return isCaught(focused) ? focused : judgeOnce(variant, reportDir, 'all', session);
}

/** A fault is caught when the run exits 1 and every check it names failed. */
export const isCaught = (row: MatrixRow) =>
  row.exitCode === 1 && row.expected.every((id) => row.failed.includes(id));
/** A conformant server passes when the run exits 0 with no failed check. */
export const isPassed = (row: MatrixRow) => row.exitCode === 0 && row.failed.length === 0;

/** docs/fault-matrix.md: fault -> checks that caught it, and the totals. */
export function renderMatrix(rows: readonly MatrixRow[]): string {
  const faults = rows.filter((r) => r.kind === 'fault');
  const conformant = rows.filter((r) => r.kind === 'conformant');
  const caught = faults.filter(isCaught).length;
  const falseFailures = conformant.filter((r) => !isPassed(r)).length;
  const list = (ids: string[]) => (ids.length ? ids.map((id) => `\`${id}\``).join(', ') : '—');
  return [
    '# Fault detection matrix',
    '',
    'Written by `npm run fault-matrix` (scripts/fault-matrix.ts; `npm test` judges part of the same matrix, `.ci/run` the rest, and npm test checks this file is not stale): the harness run against every broken server',
    `of the fault catalog (test/faults/) and every conformant variant, with seed ${MATRIX_SEED}.`,
    'A conformant variant meets every check; a fault meets the checks expected to catch it, and every',
    'check only when those miss it.',
    '',
    `**Faults caught: ${caught} / ${faults.length}.** **False failures: ${falseFailures} / ${conformant.length} conformant runs.**`,
    '',
    '## Faults',
    '',
    '| Fault | What is broken | Expected to catch it | Caught by (the failing checks of the run) | Exit |',
    '|---|---|---|---|---|',
    ...faults.map(
      (r) =>
        `| \`${r.name}\` ${isCaught(r) ? '✅' : '❌'} | ${r.description} | ${list(r.expected)} | ${list(r.failed)} | ${r.exitCode} |`,
    ),
    '',
    '## Conformant variants',
    '',
    '| Server | Where it chooses differently | Failed | Warned | Exit |',
    '|---|---|---|---|---|',
    ...conformant.map(
      (r) =>
        `| \`${r.name}\` ${isPassed(r) ? '✅' : '❌'} | ${r.description} | ${list(r.failed)} | ${list(r.warned)} | ${r.exitCode} |`,
    ),
    '',
  ].join('\n');
}
