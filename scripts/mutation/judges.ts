import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JudgeOutcome } from './judge-checks.ts';
import { readMutants } from './mutants.ts';

/** One judge file's mutants, as the fault matrix judged them. */
export interface JudgeFileRun {
  file: string;
  date: string;
  wallSeconds: number;
  mutants: number;
  killed: number;
  timeout: number;
  crashed: number;
  /** The mutants no fault caught and the reference did not notice: checks that cannot fail. */
  survivors: { line: number; mutator: string; original: string; replacement: string }[];
}

const ROOT = join(import.meta.dirname, '..', '..');
export const JUDGES_RUN_FILE = join(ROOT, 'docs', 'mutation-judges.json');
export const JUDGES_DOC = join(ROOT, 'docs', 'mutation-judges.md');

/** The run of one judge file, from Stryker's report and the outcomes judge-checks wrote. */
export function judgeFileRun(
  file: string,
  report: Parameters<typeof readMutants>[0],
  outcomesDir: string,
  wallSeconds: number,
): JudgeFileRun {
  const outcome = (id: string): JudgeOutcome | undefined => {
    const path = join(outcomesDir, `${id}.json`);
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  };
  const base = { mutant: 'baseline', days: [] };
  const mutants = readMutants(report, new Map(), base);
  const rows = Object.values(report.files).flatMap((f) => f.mutants);
  const status = (id: string) => {
    const stryker = rows.find((m) => m.id === id)?.status;
    if (stryker === 'Timeout') return 'timeout';
    const o = outcome(id);
    if (!o) return 'crashed';
    return o.missed.length || o.referenceFailed.length ? 'killed' : 'survived';
  };
  const of = (s: string) => mutants.filter((m) => status(m.id) === s);
  return {
    file,
    date: new Date().toISOString().slice(0, 10),
    wallSeconds,
    mutants: mutants.length,
    killed: of('killed').length,
    timeout: of('timeout').length,
    crashed: of('crashed').length,
    survivors: of('survived').map(({ line, mutator, original, replacement }) => ({
      line,
      mutator,
      original,
      replacement,
    })),
  };
}

const pct = (r: JudgeFileRun) =>
  r.mutants ? Math.round((1000 * (r.killed + r.timeout)) / r.mutants) / 10 : 0;

/** docs/mutation-judges.md: each judge file mutated so far, its score and its survivors. */
export function renderJudges(runs: readonly JudgeFileRun[]): string {
  const code = (t: string) => `\`${t.replaceAll('`', 'ˋ')}\``;
  return [
    '# Mutation testing of the judges',
    '',
    'Written by `npm run mutation -- --judges FILE` (scripts/mutation/judge-checks.ts), one judge file',
    'of `src/checks/` at a time. Each mutant of the file is judged by the faults of `test/faults/` that',
    'name one of its checks, each as the fault matrix judges it, and by the reference server (every',
    'check): it is **killed** when a fault goes uncaught or the reference fails. A survivor is a',
    'change to a judge that no fault and no conformant answer notices: a check that cannot fail',
    'there, or a fault the catalog lacks; many are of the text a check reports (its title, its pass',
    'message), which no verdict reads. They are listed, not classified.',
    '',
    '| File | Mutants | Killed | Timed out | Crashed | Survived | Score | Wall | Date |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${code(r.file)} | ${r.mutants} | ${r.killed} | ${r.timeout} | ${r.crashed} | ${r.survivors.length} | ${pct(r)}% | ${Math.round(r.wallSeconds / 60)} min | ${r.date} |`,
    ),
    '',
    ...runs.flatMap((r) => [
      `## Survivors of ${code(r.file)}`,
      '',
      ...(r.survivors.length
        ? r.survivors.map(
            (s) => `- line ${s.line}, ${s.mutator}: ${code(s.original)} → ${code(s.replacement)}`,
          )
        : ['None.']),
      '',
    ]),
  ].join('\n');
}

/** Adds (or replaces) one file's run in docs/mutation-judges.json and writes the page again. */
export function recordJudges(run: JudgeFileRun): JudgeFileRun[] {
  const runs: JudgeFileRun[] = existsSync(JUDGES_RUN_FILE)
    ? JSON.parse(readFileSync(JUDGES_RUN_FILE, 'utf8'))
    : [];
  const next = [...runs.filter((r) => r.file !== run.file), run].sort((a, b) =>
    a.file.localeCompare(b.file),
  );
  writeFileSync(JUDGES_RUN_FILE, `${JSON.stringify(next, null, 1)}\n`);
  writeFileSync(JUDGES_DOC, renderJudges(next));
  return next;
}
