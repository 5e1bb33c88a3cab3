import { CLAUSES } from './clauses.ts';
import { RELATIONS } from './equivalence-table.ts';
import { judgesClause, type Outcome } from './types.ts';

export interface ClauseCoverage {
  /** Clauses of the contract. */
  clauses: number;
  /** Clauses at least one check judged in this run (pass, fail or warn, but not an open limit's warning). */
  judged: number;
  /** judged / clauses, 0..1. */
  ratio: number;
  /** Ids of the clauses no check judged, e.g. because their checks were skipped. */
  notJudged: string[];
  /** Of those, the clauses whose every check --only or --skip left out (absent when none). */
  deselected?: string[];
  /**
   * Requests sent per relation of docs/equivalences.md (every relation, 0 when none was sent);
   * absent from reports of older harnesses.
   */
  equivalences?: Record<string, number>;
}

/** How much of the contract a run's results speak to. */
export function clauseCoverage(
  results: ReadonlyArray<{
    clause: { id: string };
    verdict: Outcome;
    unjudged?: true;
    covered?: Record<string, number>;
  }>,
): ClauseCoverage {
  const judged = new Set(results.filter(judgesClause).map((r) => r.clause.id));
  const all = Object.keys(CLAUSES);
  const notJudged = all.filter((id) => !judged.has(id));
  const count = all.length - notJudged.length;
  // Every clause has checks in the catalog: one no result names was left out by the selection.
  const named = new Set(results.map((r) => r.clause.id));
  const deselected = all.filter((id) => !named.has(id));
  return {
    clauses: all.length,
    judged: count,
    ratio: Math.round((count / all.length) * 1000) / 1000,
    notJudged,
    ...(deselected.length ? { deselected } : {}),
    equivalences: equivalenceCounts(results),
  };
}

/** Requests per equivalence relation, over every check's counts; every relation named. */
function equivalenceCounts(
  results: ReadonlyArray<{ covered?: Record<string, number> }>,
): Record<string, number> {
  const counts = Object.fromEntries(RELATIONS.map((r) => [r.id, 0]));
  for (const { covered } of results)
    for (const [id, n] of Object.entries(covered ?? {}))
      if (id in counts) counts[id] = (counts[id] ?? 0) + n;
  return counts;
}
