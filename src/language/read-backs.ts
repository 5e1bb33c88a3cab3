import { stringify } from 'lossless-json';
import { fnv1a } from '../base/fnv.ts';
import type { HarnessContext } from '../bridge/context.ts';
import { fetchProblem, worthAgain } from '../checks/get-pet.ts';
import { openLimitAnswer } from '../checks/open-limits.ts';
import {
  type ReadAfterWriteObservation,
  type ReadBackProblem,
  RUN_READ_AFTER_WRITE,
} from '../checks/read-after-write.ts';
import { validate } from '../contract/schemas.ts';
import type { SendOptions } from '../http/client.ts';
import { exactJson, exactPetId } from '../http/exact.ts';
import { type Exchange, forRecord, RECORD_BODY_CHARS, requestPath } from '../http/exchange.ts';
import type { Interceptor, Send } from '../http/interceptor.ts';
import { HELD_BACK, isRefusal } from '../http/throttle.ts';
import { getPetRemoved } from './lifecycle.ts';
import type { ReadBack } from './read-back.ts';
import { SEED_LABEL } from './set-up-trouble.ts';

/** Problems kept whole for the judge; the rest are counted. */
const KEEP = 10;
/** Problems whose create is kept to be sent again (see again()). */
const REPLAYS = 3;

/**
 * One in this many of the set-up's pets is read back: hundreds of pets alike but for a number
 * in their name, made to fill pages, would add a quarter to the run's requests; a sample of them,
 * with every pet any check made, keeps every kind of pet read.
 */
const SEED_ONE_IN = 8;

/**
 * Whether a create is read back: every check's; of the set-up's, the ones its text picks, the
 * run's own mark left out of it (each run has its own, and the same seed reads the same pets).
 */
function chosen(options: SendOptions, runId: string): boolean {
  if (options.check !== SEED_LABEL) return true;
  // lossless-json, as the client writes the body: a categoryId past 2^53 is a bigint.
  const text = (stringify(options.json ?? options.rawBody ?? '') ?? '').replaceAll(runId, '');
  // The high bits: FNV's low bits vary little between texts that differ in one digit.
  return Math.floor((fnv1a(text) / 2 ** 32) * SEED_ONE_IN) === 0;
}

/** A read the run's own limits kept from an answer: not the target's doing. */
const keptFromAnswer = (ex: Exchange) =>
  (ex.response === undefined &&
    (isRefusal(ex) || ex.error?.code === HELD_BACK || ex.error?.code === 'ABANDONED')) ||
  openLimitAnswer([ex]) !== undefined;

/** The Pet a createPet gave, as the exact JSON of its contract fields, or undefined. */
function createdPet(options: SendOptions, ex: Exchange): Record<string, unknown> | undefined {
  const res = ex.response;
  if (options.method !== 'POST' || res?.status !== 201 || !/\/pets$/.test(requestPath(ex)))
    return undefined;
  if (!validate('pet', res.json).valid) return undefined;
  return exactJson(ex) as Record<string, unknown>;
}

/**
 * Every pet createPet gives the run, read with getPet straight after (RUN-READ-AFTER-WRITE):
 * whichever check made it, with whatever request form, a service that stores other than it
 * answered shows it; of the pets the set-up makes to fill pages, one in SEED_ONE_IN. Off under a
 * request budget (which checks the budget reaches must not move) and once getPet is removed; the
 * check's own creates read themselves back.
 */
export class ReadBacks {
  read = 0;
  unread = 0;
  readonly problems: ReadBackProblem[] = [];
  private readonly replays = new Map<ReadBackProblem, SendOptions>();

  constructor(private readonly ctx: HarnessContext) {}

  get active(): boolean {
    return this.ctx.writes && this.ctx.limits.maxRequests === undefined && !getPetRemoved(this.ctx);
  }

  /** The reads under way: a read is sent straight after its create, not waited for by it. */
  private readonly pending: Promise<void>[] = [];

  /**
   * Reads back the pet `ex` created, if it created one: sent at once, but the create's answer
   * goes on up without waiting for it, so a getPet that hangs holds up no check (the throttle
   * gives up a route that stops answering); `settled` waits for every read.
   */
  after(options: SendOptions, ex: Exchange, next: Send): void {
    // Not awaited by the create: a harness error here is kept for `settled` to throw, where the
    // check that judges the reads reports it, not left to crash the worker as unhandled.
    const read = this.readBack(options, ex, next).catch((error: unknown) => {
      this.error ??= error;
    });
    this.pending.push(read);
  }

  /** The first harness error a read met, thrown by `settled`. */
  private error: unknown;

  /** Every read sent so far, answered (or given up on). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
    if (this.error !== undefined) throw this.error;
  }

  private async readBack(options: SendOptions, ex: Exchange, next: Send): Promise<void> {
    if (
      !this.active ||
      options.check === RUN_READ_AFTER_WRITE.id ||
      !chosen(options, this.ctx.runId)
    )
      return;
    const created = createdPet(options, ex);
    if (!created) return;
    const id = String(exactPetId(ex));
    const read = await next({
      method: 'GET',
      path: `/pets/${encodeURIComponent(id)}`,
      check: RUN_READ_AFTER_WRITE.id,
    });
    if (keptFromAnswer(read)) {
      this.unread++;
      return;
    }
    this.read++;
    if (!fetchProblem(created, read) || this.problems.length >= KEEP) return;
    const problem = {
      by: options.check ?? 'a request',
      created,
      createdEx: forRecord(ex),
      ex: heldForJudging(read),
    };
    this.problems.push(problem);
    if (worthAgain(created, read) && this.replays.size < REPLAYS)
      this.replays.set(problem, replayable(options));
  }

  /** The problems another client could explain, each with its create to send again. */
  toReplay(): Array<[ReadBackProblem, SendOptions]> {
    return [...this.replays];
  }

  /**
   * What the judge sees: the reads of the run, the problems with the creates sent again for them
   * (`again`), and the pets the check made and read back itself (`own`).
   */
  observation(
    again: ReadonlyMap<ReadBackProblem, FetchAgain>,
    own: readonly ReadBack[] = [],
  ): ReadAfterWriteObservation {
    const problems = this.problems.map((p) => {
      const more = again.get(p);
      return more ? { ...p, again: more } : p;
    });
    const fetched = own.filter((r) => r.fetch);
    const read = fetched.filter((r) => r.fetch && !keptFromAnswer(r.fetch.ex));
    const ownProblems = read.flatMap(({ created, fetch }) =>
      fetch && fetchProblem(fetch.created, fetch.ex)
        ? [{ ...fetch, again: fetch.again ?? [], by: RUN_READ_AFTER_WRITE.id, createdEx: created }]
        : [],
    );
    return {
      read: this.read + read.length,
      unread: this.unread + fetched.length - read.length,
      problems: [...problems, ...ownProblems],
    };
  }
}

/**
 * A read the judge will look at again at the run's end: whole while its body is small, so the
 * verdict and its words rest on the answer as it came (a record drops the parsed body: red team
 * M saw "not valid JSON: empty body" said of a valid Pet); a large one as its record keeps it.
 */
function heldForJudging(read: Exchange): Exchange {
  const size = read.response?.body?.length ?? 0;
  return size <= RECORD_BODY_CHARS ? read : forRecord(read);
}

/** The pets created by sending a create again, each read at once. */
export type FetchAgain = NonNullable<ReadBackProblem['again']>;

/** A create to send again as the read-back check's own: none of its first sender's hold on it. */
function replayable(options: SendOptions): SendOptions {
  const { holdBack: _h, signal: _s, together: _t, load: _l, ...rest } = options;
  return { ...rest, check: RUN_READ_AFTER_WRITE.id };
}

/** Reads back every pet a createPet gives the run, as its answer goes on up. */
export function readingBack(readBacks: ReadBacks): Interceptor {
  return (next) => async (options) => {
    const ex = await next(options);
    readBacks.after(options, ex, next);
    return ex;
  };
}
