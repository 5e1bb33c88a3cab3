import type { HarnessContext } from '../bridge/context.ts';
import { egressFor } from '../bridge/redactor.ts';
import { RunLogWriter } from '../bridge/run-log.ts';
import type { NotJudged } from '../checks/types.ts';
import type { HttpClient } from '../http/client.ts';
import { newSpend, type Spend } from '../http/throttle.ts';
import { type AnswerLedger, answerLedger } from './answers.ts';
import { BudgetPlan } from './budget-plan.ts';
import { ReadBacks } from './read-backs.ts';
import type { RunPets } from './run-pets.ts';
import { Sentinels } from './sentinels.ts';
import type { NamedPet } from './unicode-pets.ts';

/** A pet to fetch, or why there is none. */
export type PetToFetch = { id: string } | { none: string };

/**
 * One run as the suites see it in their worker: made by suites/all.ts from the context the CLI
 * provides, and handed to every suite it registers. Everything the suites of a run share lives
 * here, nowhere else: the request budget, the run's pets, the pet to fetch, the pool of
 * connections, and the first trouble its set-up met.
 */
export class SuiteRun {
  /** What the run has spent of its budget, shared by every client of the run. */
  readonly spend: Spend = newSpend();
  readonly pets: RunPets = {
    created: new Map(),
    creations: 0,
    reused: [],
    sightings: 0,
    mismatches: [],
    listed: new Set(),
  };
  /** One pet per kind of characters in its name, created once per run (see unicodePets). */
  namedPets?: Promise<NamedPet[]>;
  /** The pet every check that fetches one asks for (see somePet). */
  toFetch?: Promise<PetToFetch>;
  /** The run's one pool of connections, opened by its first suite. */
  client?: HttpClient;
  /**
   * The first set-up request (seeding, a pet to fetch) the target hung on, failed with a 5xx or
   * a broken connection, or that went unsent because it had stopped answering: a check left
   * without its precondition by it was left unjudged by the target, not by the store.
   */
  setUpTrouble?: NotJudged;
  /** How a request budget is shared among the checks; none without a budget. */
  readonly plan: BudgetPlan | undefined;
  /** Where every exchange of the run goes, for the engine to read (none for a bare run). */
  readonly log: RunLogWriter | undefined;
  /** Every answer of the run judged against the invariants all answers keep (EVERY-ANSWER). */
  readonly answers: AnswerLedger;
  /** The probes spread over the run (RUN-SENTINELS). */
  readonly sentinels: Sentinels;
  /** Every pet createPet gave the run, read straight after (RUN-READ-AFTER-WRITE). */
  readonly readBacks: ReadBacks;

  constructor(readonly ctx: HarnessContext) {
    const { maxRequests } = ctx.limits;
    this.plan = maxRequests === undefined ? undefined : new BudgetPlan(this.spend, maxRequests);
    this.log = ctx.exchangeLog
      ? new RunLogWriter(ctx.exchangeLog, egressFor(ctx.apiKey, ctx.secrets))
      : undefined;
    this.answers = answerLedger(ctx);
    this.sentinels = new Sentinels(ctx);
    this.readBacks = new ReadBacks(ctx);
  }
}
