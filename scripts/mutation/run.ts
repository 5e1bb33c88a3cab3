/**
 * `npm run mutation`: StrykerJS mutates src/reference/ and judge.mjs judges every mutant; then
 * docs/mutation.json and docs/mutation.md are written from the run, and it exits 1 when a
 * survivor is unclassified or a miss.
 *   --concurrency N   mutants judged at once (default 2)
 *   --sample N        judge every N-th mutant only, write nothing, and fail on what sampleProblems
 *                     finds (.ci/run)
 *   --mutate GLOB     a part of src/reference/ only (for work on it): writes no document either
 *   --render          write docs/mutation.md again from docs/mutation.json, running nothing
 *   --collect         write docs/mutation.{json,md} from the last run's reports/mutation/, running
 *                     nothing (after a run whose writing failed)
 *   --judges FILE     mutate a judge file of src/checks/ instead, each mutant judged by the fault
 *                     matrix (scripts/mutation/judges.ts): docs/mutation-judges.md
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { classificationProblems, loadClassifications, misquotes } from './classify.ts';
import { judgeFileRun, recordJudges } from './judges.ts';
import { readMutants, readOutcomes } from './mutants.ts';
import { readRun, writeRun } from './record.ts';
import { renderMutationDoc, tally } from './render.ts';
import { inSample, sampleProblems } from './sample.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'mutation.md');
const STRYKER = join(ROOT, 'node_modules', '@stryker-mutator', 'core');
const REPORT = join(ROOT, 'reports', 'mutation', 'stryker.json');
/** What the judge wrote for each mutant: kept after the run (reports/ is not committed). */
const OUTCOMES = join(ROOT, 'reports', 'mutation', 'outcomes');
/** When the last run started, how long it took and how many mutants it judged at once. */
const META = join(ROOT, 'reports', 'mutation', 'meta.json');

interface RunMeta {
  startedAt: string;
  wallSeconds: number;
  concurrency: number;
  every: number;
}
/** The contract, where a clone sits beside the shared folder (quotes are checked against it). */
const CONTRACT = join(ROOT, '..', 'shared', 'spec', 'petstore-interface.md');
const MUTATED = 'src/reference/**';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '2' },
    sample: { type: 'string' },
    mutate: { type: 'string' },
    render: { type: 'boolean', default: false },
    collect: { type: 'boolean', default: false },
    judges: { type: 'string' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);

function checkQuotes(): void {
  let contract: string;
  try {
    contract = readFileSync(CONTRACT, 'utf8');
  } catch {
    say(`(the contract is not at ${CONTRACT}: quotes not checked)`);
    return;
  }
  const wrong = misquotes(loadClassifications(), contract);
  if (wrong.length) throw new Error(`misquoted:\n${wrong.join('\n')}`);
}

function render(): number {
  checkQuotes();
  const run = readRun();
  if (!run) throw new Error('no docs/mutation.json: run npm run mutation first');
  const classes = loadClassifications();
  writeFileSync(DOC, renderMutationDoc(run, classes));
  const t = tally(run.mutants, classes);
  say(
    `wrote ${DOC}: score ${t.score}%, ${t.survived} survived (${t.byClass['contract-invisible']} contract-invisible, ${t.byClass.equivalent} equivalent, ${t.byClass['a miss']} a miss, ${t.byClass.unclassified} unclassified)`,
  );
  return t.byClass['a miss'] + t.byClass.unclassified ? 1 : 0;
}

function strykerRun(outcomes: string, concurrency: string, every: number): number {
  const args = [
    join(STRYKER, 'bin', 'stryker.js'),
    'run',
    join('scripts', 'mutation', 'stryker.config.mjs'),
    '--concurrency',
    concurrency,
    ...(values.mutate || values.judges ? ['--mutate', values.mutate ?? values.judges ?? ''] : []),
  ];
  const env = {
    ...process.env,
    MUTATION_OUTCOMES: outcomes,
    ...(every > 1 ? { MUTATION_SAMPLE: String(every) } : {}),
    ...(values.judges ? { MUTATION_JUDGES_OF: values.judges } : {}),
  };
  return spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' }).status ?? 1;
}

function main(): number {
  if (values.render) return render();
  if (values.collect) return collect(JSON.parse(readFileSync(META, 'utf8')) as RunMeta);
  const problems = classificationProblems(loadClassifications());
  if (problems.length) throw new Error(problems.join('\n'));
  const every = values.sample ? Number(values.sample) : 1;
  rmSync(OUTCOMES, { recursive: true, force: true });
  mkdirSync(OUTCOMES, { recursive: true });
  rmSync(REPORT, { force: true });
  const started = new Date();
  const status = strykerRun(OUTCOMES, values.concurrency, every);
  if (status !== 0) throw new Error(`StrykerJS exited ${status}`);
  const wallSeconds = Math.round((Date.now() - started.getTime()) / 1000);
  if (values.judges) return judgesDone(values.judges, wallSeconds);
  const meta = {
    startedAt: started.toISOString(),
    wallSeconds,
    concurrency: Number(values.concurrency),
    every,
  };
  writeFileSync(META, `${JSON.stringify(meta)}\n`);
  return collect(meta);
}

/** What the last run (its report, outcomes and meta in reports/mutation/) makes of the mutants. */
function collect(meta: RunMeta): number {
  const found = readOutcomes(OUTCOMES);
  const baseline = found.get('baseline');
  if (!baseline) throw new Error('the dry run (the unmutated reference) left no outcome');
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const mutants = readMutants(report, found, baseline, (id) => inSample(id, meta.every));
  const classes = loadClassifications();
  const t = tally(mutants, classes);
  say(
    `${t.mutants} mutants judged in ${meta.wallSeconds} s: ${t.killed} killed, ${t.timeout} timed out, ${t.notJudged} not judged, ${t.crashed} crashed, ${t.survived} survived; score ${t.score}%`,
  );
  if (meta.every > 1) {
    const wrong = sampleProblems(mutants, classes, readRun()?.mutants ?? []);
    for (const p of wrong) say(`FAIL ${p}`);
    say(wrong.length ? `the sample of every ${meta.every}th mutant failed` : 'the sample holds');
    return wrong.length ? 1 : 0;
  }
  if (values.mutate) return t.byClass.unclassified + t.byClass['a miss'] ? 1 : 0;
  const version = JSON.parse(readFileSync(join(STRYKER, 'package.json'), 'utf8')).version;
  writeRun({
    mutated: MUTATED,
    command: `npm run mutation -- --concurrency ${meta.concurrency}`,
    startedAt: meta.startedAt,
    wallSeconds: meta.wallSeconds,
    concurrency: meta.concurrency,
    node: process.versions.node,
    stryker: version,
    baseline,
    mutants,
  });
  return render();
}

/** The judge file's run, recorded in docs/mutation-judges.{json,md}. */
function judgesDone(file: string, wallSeconds: number): number {
  const run = judgeFileRun(file, JSON.parse(readFileSync(REPORT, 'utf8')), OUTCOMES, wallSeconds);
  recordJudges(run);
  say(
    `${file}: ${run.mutants} mutants in ${wallSeconds} s: ${run.killed} killed, ${run.timeout} timed out, ${run.crashed} crashed, ${run.survivors.length} survived`,
  );
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(`mutation: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
