/**
 * Time this thread spent in phases that are spread thin across a run (a validation here, a
 * generated input there), so a report can say where a run's time went.
 */
export type Phase = 'validation' | 'generation';

const spent: Record<Phase, number> = { validation: 0, generation: 0 };

export function timed<T>(phase: Phase, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    spent[phase] += performance.now() - start;
  }
}

/** Milliseconds spent per phase so far; take two and subtract to time a stretch of work. */
export function timeSpent(): Readonly<Record<Phase, number>> {
  return { ...spent };
}
