import type { NotJudged } from '../checks/types.ts';
import type { HttpClient } from '../http/client.ts';
import { newSpend, type Spend } from '../http/throttle.ts';
import type { HarnessContext } from './context.ts';
import type { RunPets } from './run-pets.ts';
import type { PetToFetch } from './seed.ts';

/**
 * What the suites of one run share in the worker: the request budget, the run's pets, the pet
 * to fetch, the run's pool of connections, and the first trouble its set-up met. The worker
 * outlives a run (the fault matrix runs many in one), so this is the one place keyed by run.
 */
export interface RunState {
  spend: Spend;
  pets: RunPets;
  toFetch?: Promise<PetToFetch>;
  client?: HttpClient;
  /**
   * The first set-up request (seeding, a pet to fetch) the target hung on, failed with a 5xx or
   * a broken connection, or that went unsent because it had stopped answering: a check left
   * without its precondition by it was left unjudged by the target, not by the store.
   */
  setUpTrouble?: NotJudged;
}

const states = new Map<string, RunState>();

const runKey = (ctx: HarnessContext) => `${ctx.runId}:${ctx.exchangeLog ?? ''}:${ctx.baseUrl}`;

/** The state of the run `ctx` describes, made at its first use. */
export function runState(ctx: HarnessContext): RunState {
  const key = runKey(ctx);
  let state = states.get(key);
  if (!state) {
    state = {
      spend: newSpend(),
      pets: { created: new Map(), creations: 0, reused: [], sightings: 0, mismatches: [] },
    };
    states.set(key, state);
  }
  return state;
}

/** Forgets a run once its suites have ended. */
export function endRunState(ctx: HarnessContext): void {
  states.delete(runKey(ctx));
}
