import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MutantOutcome, newlyUnjudged, runExitCode } from './outcome.ts';

/**
 * What became of a mutant: `killed` (a day exited 1), `timeout` (Stryker stopped it: the
 * server hung, and with it the harness in its process), `not-judged` (no day exited 1, but one
 * exited 2, the harness could not run, or left clauses unjudged that it judges on the
 * reference), `survived` (every day exited 0, every clause judged), `crashed` (the judge died
 * without a verdict), `unsampled` (left out of a sample run).
 */
export type MutantStatus =
  | 'killed'
  | 'timeout'
  | 'not-judged'
  | 'survived'
  | 'crashed'
  | 'unsampled';

/** What identifies a mutant across runs and small edits: never its id or line number. */
export interface MutantKey {
  file: string;
  mutator: string;
  /** The trimmed text of the source line the mutant starts on. */
  in: string;
  /** The code replaced, whitespace collapsed and cut to MAX_TEXT characters. */
  original: string;
  replacement: string;
}

export interface Mutant extends MutantKey {
  id: string;
  line: number;
  column: number;
  status: MutantStatus;
  /** The source lines the mutant touches, before and after. */
  diff: { before: string[]; after: string[] };
  /** What each day made of it; a killed mutant keeps only killedBy (docs/mutation.json). */
  outcome?: MutantOutcome;
  /** The checks that failed on a killed mutant, any day. */
  killedBy?: string[];
  /** For a mutant not judged: the clauses left unjudged, day by day. */
  unjudged?: string[];
}

const MAX_TEXT = 120;

/** Whitespace collapsed, and a long text cut in the middle: readable, and stable enough to key on. */
export function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_TEXT ? flat : `${flat.slice(0, 70)} … ${flat.slice(-40)}`;
}

interface StrykerMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

interface StrykerReport {
  files: Record<string, { source: string; mutants: StrykerMutant[] }>;
}

/** The text between two 1-based line/column positions of a source (the end exclusive). */
function sliceOf(lines: string[], loc: StrykerMutant['location']): string {
  const { start, end } = loc;
  if (start.line === end.line) {
    return (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1);
  }
  return [
    (lines[start.line - 1] ?? '').slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    (lines[end.line - 1] ?? '').slice(0, end.column - 1),
  ].join('\n');
}

/** The lines a mutant touches, as they were and as the mutant has them. */
function diffOf(lines: string[], loc: StrykerMutant['location'], replacement: string) {
  const before = lines.slice(loc.start.line - 1, loc.end.line);
  const head = (before[0] ?? '').slice(0, loc.start.column - 1);
  const tail = (lines[loc.end.line - 1] ?? '').slice(loc.end.column - 1);
  return { before, after: `${head}${replacement}${tail}`.split('\n') };
}

/** The outcomes the judge wrote, by mutant id (`baseline` for the dry run). */
export function readOutcomes(dir: string): Map<string, MutantOutcome> {
  const outcomes = new Map<string, MutantOutcome>();
  if (!existsSync(dir)) return outcomes;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const outcome = JSON.parse(readFileSync(join(dir, name), 'utf8')) as MutantOutcome;
    outcomes.set(outcome.mutant, outcome);
  }
  return outcomes;
}

function statusOf(
  stryker: string,
  outcome: MutantOutcome | undefined,
  baseline: MutantOutcome,
  sampled: boolean,
): MutantStatus {
  if (!sampled) return 'unsampled';
  if (stryker === 'Timeout') return 'timeout';
  if (!outcome) return stryker === 'Survived' ? 'survived' : 'crashed';
  const code = runExitCode(outcome);
  if (code === 0 && newlyUnjudged(outcome, baseline).length) return 'not-judged';
  return (['survived', 'killed', 'not-judged'] as const)[code] ?? 'crashed';
}

/** A mutant as docs/mutation.json keeps it: a killed one by the checks that failed on it. */
function withOutcome(status: MutantStatus, outcome: MutantOutcome, baseline: MutantOutcome) {
  if (status === 'killed') return { killedBy: [...new Set(outcome.days.flatMap((d) => d.failed))] };
  const unjudged = newlyUnjudged(outcome, baseline);
  return { outcome, ...(unjudged.length ? { unjudged } : {}) };
}

/**
 * Every mutant of a Stryker JSON report, with what the judge made of it. `sampled` says which
 * ids the run judged (all, unless it was a sample).
 */
export function readMutants(
  report: StrykerReport,
  outcomes: ReadonlyMap<string, MutantOutcome>,
  baseline: MutantOutcome,
  sampled: (id: string) => boolean = () => true,
): Mutant[] {
  const mutants: Mutant[] = [];
  for (const [file, { source, mutants: list }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    for (const m of list) {
      const outcome = outcomes.get(m.id);
      const status = statusOf(m.status, outcome, baseline, sampled(m.id));
      mutants.push({
        id: m.id,
        file,
        line: m.location.start.line,
        column: m.location.start.column,
        mutator: m.mutatorName,
        in: (lines[m.location.start.line - 1] ?? '').trim(),
        original: shortText(sliceOf(lines, m.location)),
        replacement: shortText(m.replacement ?? ''),
        status,
        diff: diffOf(lines, m.location, m.replacement ?? ''),
        ...(outcome ? withOutcome(status, outcome, baseline) : {}),
      });
    }
  }
  return mutants.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
}

/** The same mutant, by its key. */
export const sameMutant = (a: MutantKey, b: MutantKey) =>
  a.file === b.file &&
  a.mutator === b.mutator &&
  a.in === b.in &&
  a.original === b.original &&
  a.replacement === b.replacement;
