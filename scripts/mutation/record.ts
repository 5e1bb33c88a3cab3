import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mutant } from './mutants.ts';
import type { MutantOutcome } from './outcome.ts';

/** The last full run, as docs/mutation.md is written from it (committed as docs/mutation.json). */
export interface MutationRun {
  /** What it mutated, e.g. `src/reference/**`. */
  mutated: string;
  command: string;
  startedAt: string;
  wallSeconds: number;
  concurrency: number;
  node: string;
  stryker: string;
  baseline: MutantOutcome;
  mutants: Mutant[];
}

export const RUN_FILE = join(import.meta.dirname, '..', '..', 'docs', 'mutation.json');

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A mutant's warned and skipped checks are kept only on a day they differ from the baseline's
 * (a verdict that changed short of a failure): the rest would make the file ten times as long.
 */
function slim(m: Mutant, baseline: MutantOutcome): Mutant {
  if (!m.outcome) return m;
  const days = m.outcome.days.map((d, i) => {
    const base = baseline.days[i];
    return {
      ...d,
      warned: base && same(d.warned, base.warned) ? [] : d.warned,
      skipped: base && same(d.skipped, base.skipped) ? [] : d.skipped,
    };
  });
  return { ...m, outcome: { mutant: m.outcome.mutant, days } };
}

/** Whether a day's warned or skipped checks differ from the baseline's (as slim leaves them). */
export function changedDays(m: Mutant): string[] {
  return (m.outcome?.days ?? [])
    .filter((d) => d.exitCode === 0 && (d.warned.length || d.skipped.length))
    .map((d) =>
      [
        d.day,
        d.warned.length ? `warned ${d.warned.join(', ')}` : '',
        d.skipped.length ? `skipped ${d.skipped.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(': '),
    );
}

/** One mutant a line: the file is read by diff as much as by code. */
export function writeRun(run: MutationRun, path = RUN_FILE): void {
  const { mutants, ...head } = run;
  const lines = mutants.map((m) => JSON.stringify(slim(m, run.baseline)));
  // A function, not a string: `$'` and `$&` in the mutants' code must not be read as patterns.
  const text = JSON.stringify({ ...head, mutants: [] }, null, 1).replace(
    '"mutants": []',
    () => `"mutants": [\n${lines.join(',\n')}\n]`,
  );
  writeFileSync(path, `${text}\n`);
}

/** The last full run; undefined before the first. */
export function readRun(path = RUN_FILE): MutationRun | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as MutationRun;
}
