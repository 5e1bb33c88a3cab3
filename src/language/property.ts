import fc from 'fast-check';
import { isLosslessNumber, stringify } from 'lossless-json';
import { fnv1a } from '../base/fnv.ts';
import { timed } from '../base/stopwatch.ts';
import { type Judgement, judgesClause, pass, warn } from '../checks/types.ts';
import type { Exchange } from '../http/exchange.ts';
import { roomForAnother } from './budget-plan.ts';

/** Carries a failing judgement out of a property run, so fast-check shrinks the input. */
class PropertyFailure extends Error {
  constructor(readonly judgement: Judgement) {
    super(judgement.message);
  }
}

/** An arbitrary that times its generation (not its shrinking: that happens only on failure). */
class TimedArbitrary<T> extends fc.Arbitrary<T> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return timed('generation', () => this.inner.generate(mrng, biasFactor));
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/**
 * A seed per check, derived from the run seed: the same --seed replays every check request for
 * request, and adding a check does not change the inputs of the others. (FNV-1a, 32 bits.)
 */
export function propertySeed(runSeed: number, checkId: string): number {
  return fnv1a(`${runSeed}:${checkId}`) | 0;
}

/**
 * What the shrink phase of one property may spend once it has found a failure: a real failure
 * on a long input can otherwise shrink one request at a time for thousands of requests.
 */
export interface ShrinkBudget {
  /** Requests sent after the first failure. */
  requests: number;
  /** Milliseconds since the first failure. */
  timeMs: number;
}

/** Generous for a small counterexample, and a minute at most, on a slow target too. */
export const DEFAULT_SHRINK_BUDGET: ShrinkBudget = { requests: 500, timeMs: 60_000 };

export interface PropertyOptions<T> {
  runSeed: number;
  checkId: string;
  numRuns: number;
  /** Inputs always tried first (e.g. the bounds 1 and 100). */
  examples?: T[];
  /** The pass message, given how many inputs were tried. */
  passMessage?: (numRuns: number) => string;
  /**
   * No input's requests depend on another input's answers: the inputs may be judged together
   * (the throttle keeps to --concurrency, and sends the first requests in input order).
   */
  independent?: boolean;
  /** The shrink phase's budget (default: DEFAULT_SHRINK_BUDGET). */
  shrinkBudget?: Partial<ShrinkBudget>;
  /** Requests the check has sent so far; without it, every input judged counts as one. */
  requestsSent?: () => number;
  /**
   * The requests this check may send under a request budget (see BudgetPlan): once another
   * input would not fit, no more are taken, and the check is judged on those it sent.
   */
  share?: number;
}

/** Counts the requests of each input, and says whether another input fits the check's share. */
function shareMeter(options: { requestsSent?: () => number; share?: number }) {
  let taken = 0;
  let perInput = 0;
  let stopped = false;
  const sent = () => options.requestsSent?.() ?? taken;
  return {
    /** True when another input may be taken; once false, stays false. */
    room(): boolean {
      if (options.share === undefined || stopped) return !stopped;
      stopped = !roomForAnother(sent(), options.share, perInput, taken);
      return !stopped;
    },
    async measured<R>(work: () => Promise<R>): Promise<R> {
      const before = sent();
      try {
        return await work();
      } finally {
        taken++;
        perInput = Math.max(perInput, sent() - before);
      }
    },
    /** Set when the share ended the inputs: how many were taken. */
    stoppedAt: () => (stopped ? taken : undefined),
  };
}

/**
 * Runs `judgeInput` on generated inputs. A failing judgement is shrunk to the minimal input and
 * reported with that input's exchanges; warnings are collected without stopping the run.
 */
export async function checkProperty<T>(
  arb: fc.Arbitrary<T>,
  judgeInput: (input: T) => Promise<Judgement>,
  options: PropertyOptions<T>,
): Promise<Judgement> {
  // Under a budget's share inputs go one at a time, so that the share can end them.
  if (options.independent && options.share === undefined) {
    const judgements = await Promise.all(inputsOf(arb, options).map(judgeInput));
    // A failure is found again one input at a time, as fast-check would have found it, so that
    // it is shrunk; should the target not fail again, the failure seen first stands.
    const failed = judgements.find((j) => j.verdict === 'fail');
    if (!failed) return conclude(judgements, options);
    return (await checkOneByOne(arb, judgeInput, options)).failure ?? failed;
  }
  const { failure, judgements, note } = await checkOneByOne(arb, judgeInput, options);
  return failure ?? conclude(judgements, options, note);
}

/** What the pass message says when the check's share of the request budget ended its inputs. */
function shareNote(stoppedAt: number | undefined): { note?: string } {
  return stoppedAt === undefined
    ? {}
    : { note: `; its share of the request budget ended the inputs at ${stoppedAt}` };
}

/** The examples, then the inputs fast-check generates for this check's seed, in its order. */
function inputsOf<T>(arb: fc.Arbitrary<T>, options: PropertyOptions<T>): T[] {
  const seed = propertySeed(options.runSeed, options.checkId);
  const generated = timed('generation', () => fc.sample(arb, { seed, numRuns: options.numRuns }));
  return [...(options.examples ?? []), ...generated];
}

/**
 * fast-check's own run, one input at a time: the judgements of the inputs, and the failure it
 * found, if any, shrunk to the minimal input.
 */
async function checkOneByOne<T>(
  arb: fc.Arbitrary<T>,
  judgeInput: (input: T) => Promise<Judgement>,
  options: PropertyOptions<T>,
): Promise<{ failure?: Judgement; judgements: Judgement[]; note?: string }> {
  const judgements: Judgement[] = [];
  const seed = propertySeed(options.runSeed, options.checkId);
  const budget = shrinkBudget(options);
  const meter = shareMeter(options);
  const property = fc.asyncProperty(new TimedArbitrary(arb), async (input) => {
    // Out of budget: interrupt, and fast-check reports the smallest failure found so far.
    if (budget.spent()) throw new fc.PreconditionFailure(true);
    // Out of this check's share of the request budget (and nothing failed): judged on what was sent.
    if (!budget.started() && !meter.room()) throw new fc.PreconditionFailure(true);
    const judgement = await budget.counted(() => meter.measured(() => judgeInput(input)));
    if (judgement.verdict === 'fail') {
      budget.start();
      throw new PropertyFailure(judgement);
    }
    judgements.push(judgement);
  });
  const examples = options.examples?.length ?? 0;
  const details = await fc.check(property, {
    seed,
    // fast-check counts examples within numRuns: add them, so every edge is tried at any --runs.
    numRuns: options.numRuns + examples,
    ...(options.examples ? { examples: options.examples.map((e) => [e] as [T]) } : {}),
  });
  if (!details.failed) return { judgements, ...shareNote(meter.stoppedAt()) };
  const error = details.errorInstance;
  // Anything but a verdict is a bug in the harness: let the test crash and say so.
  if (!(error instanceof PropertyFailure)) throw error;
  const input = showInput(details.counterexample?.[0]);
  const shrinks = details.numShrinks ? ` after ${details.numShrinks} shrinks` : '';
  const cut = budget.cutShort();
  const found = cut
    ? `smallest input found${shrinks}; shrinking cut short: ${cut}`
    : `minimal input${shrinks}`;
  const failure: Judgement = {
    ...error.judgement,
    message: `${error.judgement.message} (${found}: ${truncate(input)})`,
    counterexample: {
      input,
      seed: options.runSeed,
      propertySeed: seed,
      path: details.counterexamplePath ?? '',
      numRuns: details.numRuns,
      ...(cut ? { shrinkCutShort: cut } : {}),
    },
  };
  return { failure, judgements };
}

/**
 * The shrink phase's meter: started at the first failure, it counts requests (or inputs) and
 * time from there, and says once either budget is spent.
 */
function shrinkBudget<T>(options: PropertyOptions<T>) {
  const limit = { ...DEFAULT_SHRINK_BUDGET, ...options.shrinkBudget };
  let inputs = 0;
  const sent = options.requestsSent ?? (() => inputs);
  let from: { requests: number; at: number } | undefined;
  let reason: string | undefined;
  return {
    start() {
      from ??= { requests: sent(), at: performance.now() };
    },
    started: () => from !== undefined,
    async counted(judge: () => Promise<Judgement>): Promise<Judgement> {
      try {
        return await judge();
      } finally {
        inputs++;
      }
    },
    spent(): boolean {
      if (!from) return false;
      if (sent() - from.requests >= limit.requests) {
        reason ??= `${limit.requests} requests spent on shrinking`;
      } else if (performance.now() - from.at >= limit.timeMs) {
        reason ??= `${limit.timeMs >= 1000 ? `${Math.round(limit.timeMs / 1000)} s` : `${limit.timeMs} ms`} spent on shrinking`;
      }
      return reason !== undefined;
    },
    cutShort: () => reason,
  };
}

/** The verdict of inputs none of which failed: warnings, nothing judged, or a pass. */
function conclude<T>(judgements: Judgement[], options: PropertyOptions<T>, note = ''): Judgement {
  const notPassed = notPassing(judgements);
  if (notPassed) return notPassed;
  const message =
    options.passMessage?.(judgements.length) ??
    `${judgements.length} generated inputs kept the promise`;
  return pass(`${message}${note}`);
}

/** Whether a value is written the same by lossless-json as it was generated: JSON, bigints included. */
function isJsonLike(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'bigint' || isLosslessNumber(value)) return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => isJsonLike(v, depth + 1));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every((v) => isJsonLike(v, depth + 1));
}

/**
 * A counterexample as it was sent: JSON text with bigints as the exact integers they are (a
 * categoryId beyond 2^53, not `…n`); anything else as fast-check prints it.
 */
function showInput(value: unknown): string {
  return (isJsonLike(value) && stringify(value)) || fc.stringify(value);
}

function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * The verdict of inputs none of which failed, unless they all passed: their warnings and
 * unjudged inputs as one warning when some input judged the clause; else the first unjudged
 * input (a limit hit everywhere), else the first skip (every precondition failed): never a pass.
 */
function notPassing(all: Judgement[]): Judgement | undefined {
  const warnings = all.filter((j) => j.verdict === 'warn' || j.verdict === 'unjudged');
  if (all.some(judgesClause)) return warnings.length ? summarizeWarnings(warnings) : undefined;
  return all.find((j) => j.verdict === 'unjudged') ?? all.find((j) => j.verdict === 'skip');
}

/** The warnings of a check's inputs as one. */
function summarizeWarnings(warnings: Judgement[]): Judgement {
  const distinct = [...new Set(warnings.map((w) => w.message))];
  const evidence: Exchange[] = warnings.flatMap((w) => w.evidence ?? []).slice(0, 3);
  const more = distinct.length > 3 ? ` (+${distinct.length - 3} more)` : '';
  return warn(`${distinct.slice(0, 3).join('; ')}${more}`, evidence);
}

/**
 * Judges a fixed list of inputs, sent together (none depends on another's answer): the first
 * failure in the list's order wins, whichever answer came first; warnings are gathered; when
 * no input could be judged (each one skipped), the check is skipped, not passed.
 */
export async function checkEach<T>(
  inputs: readonly T[],
  judgeInput: (input: T) => Promise<Judgement>,
  passMessage: string,
  budget: { requestsSent?: () => number; share?: number } = {},
): Promise<Judgement> {
  const judgements =
    budget.share === undefined
      ? await Promise.all(inputs.map(judgeInput))
      : await oneAtATimeWithin(inputs, judgeInput, shareMeter(budget));
  const failed = judgements.find((j) => j.verdict === 'fail');
  if (failed) return failed;
  const cut = judgements.length < inputs.length;
  const note = cut
    ? ` (${judgements.length} of ${inputs.length}: its share of the request budget ended the rest)`
    : '';
  return notPassing(judgements) ?? pass(`${passMessage}${note}`);
}

/** The inputs judged one after another while the check's share has room, up to a failure. */
async function oneAtATimeWithin<T>(
  inputs: readonly T[],
  judgeInput: (input: T) => Promise<Judgement>,
  meter: ReturnType<typeof shareMeter>,
): Promise<Judgement[]> {
  const judgements: Judgement[] = [];
  for (const input of inputs) {
    if (!meter.room()) break;
    const judgement = await meter.measured(() => judgeInput(input));
    judgements.push(judgement);
    if (judgement.verdict === 'fail') break;
  }
  return judgements;
}
