/**
 * The command StrykerJS runs for each mutant of a judge file of src/checks/ (`npm run mutation --
 * --judges FILE`): the fault matrix's faults that name a check of FILE, each judged as the matrix
 * judges it (its own checks first), and the reference, every check. A mutant is killed when a
 * fault goes uncaught (the mutated judge can no longer fail where it must) or the reference
 * fails (it fails where it must not). Writes $MUTATION_OUTCOMES/<mutant>.json; exits 1 when
 * killed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openSuiteSession } from '../../src/bridge/run-suites.ts';
import { FAULTS } from '../../test/faults/catalog.ts';
import { isCaught, isPassed, judgeServer, PLACEHOLDER_TARGET } from '../../test/faults/matrix.ts';
import { VARIANTS } from '../../test/faults/variants.ts';

/** What the fault matrix made of one judge mutant. */
export interface JudgeOutcome {
  mutant: string;
  faults: number;
  /** Faults no longer caught by the checks they name. */
  missed: string[];
  /** Checks that failed against the reference. */
  referenceFailed: string[];
}

/** The check ids a module of src/checks/ exports, as checks, lists or records of checks. */
function checkIds(module: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || depth > 1) return;
    const v = value as { id?: unknown; judge?: unknown };
    if (typeof v.id === 'string' && typeof v.judge === 'function') ids.add(v.id);
    else for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  for (const value of Object.values(module)) visit(value, 0);
  return ids;
}

const file = process.env.MUTATION_JUDGES_OF ?? '';
const ids = checkIds(await import(resolve(file)));
const faults = FAULTS.filter((f) => f.caughtBy.some((id) => ids.has(id)));
const reference = VARIANTS.find((v) => v.name === 'reference');
if (!reference) throw new Error('no reference variant');
const scratch = mkdtempSync(join(tmpdir(), 'pc-judge-mutant-'));
const session = await openSuiteSession(PLACEHOLDER_TARGET);
const outcome: JudgeOutcome = {
  mutant: process.env.__STRYKER_ACTIVE_MUTANT__ ?? 'baseline',
  faults: faults.length,
  missed: [],
  referenceFailed: [],
};
try {
  for (const fault of faults) {
    const row = await judgeServer(fault, join(scratch, fault.name), session);
    if (!isCaught(row)) outcome.missed.push(fault.name);
    // One fault let through is enough: the mutant is killed.
    if (outcome.missed.length) break;
  }
  if (!outcome.missed.length) {
    const row = await judgeServer(reference, join(scratch, 'reference'), session);
    if (!isPassed(row)) outcome.referenceFailed = row.failed.length ? row.failed : ['(exit 2)'];
  }
} finally {
  await session.close();
  rmSync(scratch, { recursive: true, force: true });
}
const dir = process.env.MUTATION_OUTCOMES;
if (dir) writeFileSync(join(dir, `${outcome.mutant}.json`), `${JSON.stringify(outcome)}\n`);
process.stdout.write(
  `${faults.length} faults of ${ids.size} checks: missed ${outcome.missed.join(', ') || 'none'}; reference failed ${outcome.referenceFailed.join(', ') || 'none'}\n`,
);
process.exit(outcome.missed.length || outcome.referenceFailed.length ? 1 : 0);
