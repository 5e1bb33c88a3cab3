import { CLAUSES } from './clauses.ts';
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
}

/** How much of the contract a run's results speak to. */
export function clauseCoverage(
  results: ReadonlyArray<{ clause: { id: string }; verdict: Outcome; unjudged?: true }>,
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
  };
}
