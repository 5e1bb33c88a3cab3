import { type Classification, classOf, type MutantClass } from './classify.ts';
import type { Mutant, MutantStatus } from './mutants.ts';
import { JUDGED_DAYS } from './outcome.ts';
import { changedDays, type MutationRun } from './record.ts';

/** The counts the document, the README and the CI sample speak of. */
export interface Tally {
  mutants: number;
  killed: number;
  timeout: number;
  notJudged: number;
  crashed: number;
  survived: number;
  /** (killed + timeout) / mutants, in percent, one decimal. */
  score: number;
  byClass: Record<MutantClass | 'unclassified', number>;
}

const count = (ms: readonly Mutant[], s: MutantStatus) => ms.filter((m) => m.status === s).length;

export function tally(mutants: readonly Mutant[], classes: readonly Classification[]): Tally {
  const judged = mutants.filter((m) => m.status !== 'unsampled');
  const survivors = judged.filter((m) => m.status === 'survived');
  const byClass = { 'a miss': 0, 'contract-invisible': 0, equivalent: 0, unclassified: 0 };
  for (const m of survivors) byClass[classOf(m, classes)?.class ?? 'unclassified']++;
  const detected = count(judged, 'killed') + count(judged, 'timeout');
  return {
    mutants: judged.length,
    killed: count(judged, 'killed'),
    timeout: count(judged, 'timeout'),
    notJudged: count(judged, 'not-judged'),
    crashed: count(judged, 'crashed'),
    survived: survivors.length,
    score: judged.length ? Math.round((1000 * detected) / judged.length) / 10 : 0,
    byClass,
  };
}

const code = (text: string) => `\`${text.replaceAll('`', 'ˋ')}\``;
// Ports and addresses differ run to run: the document keeps what does not.
const inline = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
const where = (m: Mutant) => `${m.file}:${m.line}`;

function diffBlock(m: Mutant): string[] {
  return [
    '```diff',
    ...m.diff.before.map((l) => `- ${l}`),
    ...m.diff.after.map((l) => `+ ${l}`),
    '```',
  ];
}

function survivorSection(m: Mutant, classes: readonly Classification[]): string[] {
  const c = classOf(m, classes);
  const changed = changedDays(m);
  return [
    `### ${code(where(m))} ${m.mutator}: ${c ? `**${c.class}**` : '**unclassified**'}`,
    '',
    ...diffBlock(m),
    '',
    ...(c?.quote ? [`> ${c.quote}`, ''] : []),
    ...(c
      ? [c.why, '']
      : ['Not classified yet: add it to `scripts/mutation/classifications.json`.', '']),
    ...(changed.length
      ? [`Verdicts that changed short of a failure: ${changed.join('; ')}.`, '']
      : []),
  ];
}

function byFile(mutants: readonly Mutant[]): string[] {
  const files = [...new Set(mutants.map((m) => m.file))];
  return [
    '| File | Mutants | Killed | Timed out | Not judged | Crashed | Survived |',
    '|---|---|---|---|---|---|---|',
    ...files.map((f) => {
      const ms = mutants.filter((m) => m.file === f);
      const n = (s: MutantStatus) => count(ms, s);
      return `| ${code(f)} | ${ms.length} | ${n('killed')} | ${n('timeout')} | ${n('not-judged')} | ${n('crashed')} | ${n('survived')} |`;
    }),
  ];
}

/** How many killed mutants each check failed on, most first. */
function killers(mutants: readonly Mutant[]): string[] {
  const counts = new Map<string, number>();
  for (const m of mutants.filter((x) => x.status === 'killed')) {
    for (const id of m.killedBy ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [sorted.map(([id, n]) => `${code(id)} ${n}`).join(', ')];
}

function dayLine(): string {
  return JUDGED_DAYS.map(
    (d) =>
      `${d.now ? `\`--now ${d.now}\`` : 'today (the server on its own clock)'}${d.only ? ` with \`--only ${d.only}\`` : ', every check'}`,
  ).join('; ');
}

/** docs/mutation.md, from the last full run and the classifications. */
export function renderMutationDoc(run: MutationRun, classes: readonly Classification[]): string {
  const t = tally(run.mutants, classes);
  const survivors = run.mutants.filter((m) => m.status === 'survived');
  const listed = (s: MutantStatus) =>
    run.mutants
      .filter((m) => m.status === s)
      .map((m) => {
        const error = m.outcome?.days.find((d) => d.error)?.error;
        const why = error ?? (m.unjudged?.length ? `not judged: ${m.unjudged.join(', ')}` : '');
        return `- ${code(where(m))} ${m.mutator}: ${code(m.original)} → ${code(m.replacement)}${why ? `: ${inline(why)}` : ''}`;
      });
  const minutes = Math.round(run.wallSeconds / 6) / 10;
  return [
    '# Mutation testing of the reference server',
    '',
    'Written by `npm run mutation` (scripts/mutation/) from its last full run, which it keeps in',
    '`docs/mutation.json`; `npm run mutation -- --render` writes this page again from that file after',
    'an edit of the classifications (`scripts/mutation/classifications.json`).',
    '',
    `StrykerJS changes ${code(run.mutated)} one small edit at a time; each mutant is a server nobody`,
    "wrote on purpose. Each is judged by the harness's `ci` profile (fixed seed) against the mutated",
    `embedded reference, on ${JUDGED_DAYS.length} days: ${dayLine()}.`,
    'A mutant is **killed** when a day exits 1 (not conformant); **timed out** when Stryker stopped',
    'it (the mutated server, or its start or stop, hung the harness, which shares its process);',
    '**not judged** when no day exited 1 but one exited 2 (the harness could not run: a key refused,',
    'no `GET /pets`), or left clauses unjudged that it judges on the reference (a 413 to every POST):',
    'reported apart, not counted as killed; **crashed** when the judge died without a verdict.',
    'A survivor is classified: **a miss** (it breaks a promise of the contract: a check or a sharper',
    'input must catch it, and none may stay), **contract-invisible** (it changes only what the',
    "contract leaves open: the contract's sentence that leaves it so is quoted), or **equivalent** (no",
    'answer changes; why, in one line).',
    '',
    `**Score: ${t.score}%** (${t.killed} killed + ${t.timeout} timed out of ${t.mutants} mutants).`,
    `Not judged: ${t.notJudged}. Crashed: ${t.crashed}. Survived: ${t.survived}: ${t.byClass['a miss']} a miss,`,
    `${t.byClass['contract-invisible']} contract-invisible, ${t.byClass.equivalent} equivalent, ${t.byClass.unclassified} unclassified.`,
    '',
    `The run: ${run.startedAt.slice(0, 10)}, ${minutes} min wall at concurrency ${run.concurrency} (${code(run.command)}),`,
    `Node ${run.node}, StrykerJS ${run.stryker}.`,
    '',
    '## By file',
    '',
    ...byFile(run.mutants),
    '',
    '## Checks that killed',
    '',
    'How many killed mutants each check failed on, over the days the judge ran for each (it stops at',
    'the first day that exits 1; a mutant may fail several checks):',
    '',
    ...killers(run.mutants),
    '',
    '## Survivors',
    '',
    ...(survivors.length ? survivors.flatMap((m) => survivorSection(m, classes)) : ['None.', '']),
    '## Not judged (exit 2, or clauses left unjudged)',
    '',
    ...(listed('not-judged').length ? listed('not-judged') : ['None.']),
    '',
    '## Timed out',
    '',
    ...(listed('timeout').length ? listed('timeout') : ['None.']),
    '',
    ...(t.crashed
      ? ['## Crashed (the judge died without a verdict)', '', ...listed('crashed'), '']
      : []),
  ].join('\n');
}
