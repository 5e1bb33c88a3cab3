import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Time this thread spent in phases that are spread thin across a run (a validation here, a
 * generated input there), so a report can say where a run's time went.
 */
export type Phase = 'validation' | 'generation';
export type PhaseTimes = Record<Phase, number>;

/** Checks run together: each counts the time its own work spent, found by async context. */
const current = new AsyncLocalStorage<PhaseTimes>();

export function timed<T>(phase: Phase, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    const mine = current.getStore();
    if (mine) mine[phase] += performance.now() - start;
  }
}

/** Runs `work`, adding to `times` what it (and whatever it awaits) spends in each phase. */
export function countingInto<T>(times: PhaseTimes, work: () => T): T {
  return current.run(times, work);
}

export function noPhaseTime(): PhaseTimes {
  return { validation: 0, generation: 0 };
}
