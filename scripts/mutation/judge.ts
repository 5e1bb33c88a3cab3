/**
 * The command StrykerJS runs for each mutant of src/reference/ (and once without one, its dry
 * run): the harness's `ci` profile against the embedded, mutated reference server on each of
 * JUDGED_DAYS, in one process with vitest loaded once, stopping at the first day that exits 1.
 * It writes what each day gave to $MUTATION_OUTCOMES/<mutant>.json and exits 1 when a day
 * exited 1, 2 when a day could not be judged (exit 2) and none failed, 0 otherwise: Stryker
 * counts any exit but 0 as a kill; scripts/mutation/mutants.ts tells them apart.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HarnessError } from '../../src/base/errors.ts';
import { openSuiteSession, type SuiteSession } from '../../src/bridge/run-suites.ts';
import { loadConfig } from '../../src/config/config.ts';
import { EXIT_CODES, HARNESS_ERROR_EXIT } from '../../src/engine/exit-codes.ts';
import { runConformance } from '../../src/engine/run.ts';
import {
  type DayOutcome,
  JUDGED_DAYS,
  type JudgedDay,
  type MutantOutcome,
  runExitCode,
} from './outcome.ts';

const MUTANT_ENV = '__STRYKER_ACTIVE_MUTANT__';

async function judgeDay(
  { now, only }: JudgedDay,
  reportDir: string,
  session: SuiteSession,
): Promise<DayOutcome> {
  const argv = ['run', '--profile', 'ci', '--report-dir', reportDir];
  if (now) argv.push('--now', now);
  if (only) argv.push('--only', only);
  const day = now ?? 'today';
  try {
    const { report } = await runConformance(loadConfig({ argv, env: {} }), () => {}, session);
    const ids = (verdict: string) =>
      report.checks.filter((c) => c.verdict === verdict).map((c) => c.id);
    return {
      day,
      exitCode: EXIT_CODES[report.verdict],
      failed: ids('fail'),
      warned: ids('warn'),
      skipped: ids('skip'),
      notJudged: report.coverage.notJudged,
      ...(report.harnessErrors.length ? { error: report.harnessErrors.join('; ') } : {}),
    };
  } catch (error) {
    // As the CLI does: any error is exit 2, a harness error in its own words.
    const message = error instanceof HarnessError ? error.message : `internal error: ${error}`;
    return {
      day,
      exitCode: HARNESS_ERROR_EXIT,
      failed: [],
      warned: [],
      skipped: [],
      notJudged: [],
      error: message,
    };
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'pc-mutant-'));
const first = loadConfig({ argv: ['run', '--profile', 'ci'], env: {} });
let outcome: MutantOutcome;
// One vitest for both days: its start-up is a third of a run.
const session = await openSuiteSession({
  baseUrl: 'http://127.0.0.1:9/v1',
  apiKey: 'placeholder',
  timeoutMs: first.timeoutMs,
  maxDurationMs: first.maxDurationMs,
  seed: first.seed,
  runs: first.runs,
  today: '2026-01-01',
  todaySource: 'flag',
  sunsetWarnDays: first.sunsetWarnDays,
  listLagMs: 1000,
  only: [],
  skip: [],
  writes: true,
  limits: { concurrency: first.concurrency },
  runId: 'mutant',
  maxBodyBytes: 4 * 1024 * 1024,
});
try {
  const days: DayOutcome[] = [];
  for (const [i, day] of JUDGED_DAYS.entries()) {
    const judged = await judgeDay(day, join(scratch, String(i)), session);
    days.push(judged);
    // A day that exits 1 kills the mutant whatever the others say: they are not run (a killed
    // mutant costs one run, not three; its killedBy then names that day's failures only).
    if (judged.exitCode === 1) break;
  }
  outcome = { mutant: process.env[MUTANT_ENV] ?? 'baseline', days };
} finally {
  await session.close();
  rmSync(scratch, { recursive: true, force: true });
}
const dir = process.env.MUTATION_OUTCOMES;
if (dir) writeFileSync(join(dir, `${outcome.mutant}.json`), `${JSON.stringify(outcome)}\n`);
for (const d of outcome.days) {
  process.stdout.write(
    `${d.day}: exit ${d.exitCode}; failed ${d.failed.join(', ') || 'none'}${d.error ? `; ${d.error}` : ''}\n`,
  );
}
process.exit(runExitCode(outcome));
