import type fc from 'fast-check';
import { beforeAll, test } from 'vitest';
import { countingInto, noPhaseTime } from '../base/stopwatch.ts';
import { checksAtOnce } from '../bridge/schedule.ts';
import { DESELECTED, deselection, exclusionReason } from '../checks/selection.ts';
import type { Check, CheckDef, Judgement } from '../checks/types.ts';
import type { PetstoreApi } from '../http/petstore-api.ts';
import { checkEach, checkProperty } from './property.ts';
import { recordingApi } from './recorder.ts';
import { ConformanceFailure, checkMeta, notRun, type SkipReason, settle } from './settle.ts';
import type { Target } from './target.ts';

// Suites open the target and register their checks from this one module.
export { onOwnConnection, type Target, useTarget } from './target.ts';

export interface TestOptions {
  /**
   * Its requests go before every other check's, in the run's set-up (e.g. what it judges shows
   * only on a store that holds few pets); its test then reports the verdict.
   */
  early?: boolean;
  /**
   * A reason the check cannot run now (e.g. getPet is past its sunset), or undefined. Asked
   * only of a selected check, so it may do the set-up the check needs (e.g. seed pets).
   */
  unlessSkipped?: () => SkipReason | undefined | Promise<SkipReason | undefined>;
}

/**
 * Set-up some checks share (the seed pets, a pet to fetch): made once, before any check of the
 * run starts, when one of `neededBy` is selected. What it finds on the target, and so what it
 * sends, then does not depend on which check got there first. Checks await the getter.
 */
export function fixture<T>(
  target: Target,
  neededBy: readonly CheckDef[],
  make: () => Promise<T>,
): () => Promise<T> {
  let once: Promise<T> | undefined;
  const get = () => {
    once ??= make();
    return once;
  };
  // vitest runs a file's beforeAll hooks one after another, in the order they were registered.
  beforeAll(async () => {
    if (neededBy.some((def) => exclusionReason(def.id, target.ctx) === undefined)) await get();
  });
  return get;
}

/** Registers a test for one check whose body returns the judgement itself. */
export function verdictTest(
  target: Target,
  def: CheckDef,
  run: (api: PetstoreApi, requestsSent: () => number, share?: number) => Promise<Judgement>,
  options: TestOptions = {},
): void {
  // Under a request budget every selected check keeps a share back until it starts.
  const planned = exclusionReason(def.id, target.ctx) === undefined;
  if (planned) target.run.plan?.register();
  const record = async (share?: number) => {
    const spent = noPhaseTime();
    const { api, recorded, unanswered } = recordingApi(target, def.id);
    const judged = await countingInto(spent, () => run(api, () => recorded.length, share));
    return { judged, recorded, unanswered: unanswered(), spent };
  };
  const early = options.early ? fixture(target, [def], () => record()) : undefined;
  // vitest runs a file's consecutive concurrent tests together (up to maxConcurrency, set from
  // checksAtOnce), and a sequential test after all of those before it have ended.
  const together = !target.afterTheRest && checksAtOnce(target.ctx.limits) > 1;
  (together ? test.concurrent : test)(`[${def.id}] ${def.title}`, async ({ task, skip }) => {
    const share = planned ? target.run.plan?.start() : undefined;
    const excluded = exclusionReason(def.id, target.ctx);
    const reason = excluded ?? (await options.unlessSkipped?.());
    const trouble = () => target.run.setUpTrouble;
    let judgement: Judgement;
    if (reason !== undefined) {
      judgement = settle(def, notRun(reason), [], undefined, trouble(), target.ctx.rfcMusts);
      task.meta.check = checkMeta(def, judgement, []);
      // Left out by the user: the reports leave it out too (see DESELECTED).
      if (deselection(def.id, target.ctx)) task.meta.check.code = DESELECTED;
    } else {
      const { judged, recorded, unanswered, spent } = await (early ?? (() => record(share)))();
      judgement = settle(def, judged, recorded, unanswered, trouble(), target.ctx.rfcMusts);
      task.meta.check = checkMeta(def, judgement, recorded, spent);
    }
    if (judgement.verdict === 'skip') skip(judgement.message);
    if (judgement.verdict === 'fail') throw new ConformanceFailure(judgement.message);
  });
}

/** Registers a test for one check: `observe` talks to the target, the check judges what it saw. */
export function checkTest<O>(
  target: Target,
  check: Check<O>,
  observe: (api: PetstoreApi) => Promise<O>,
  options?: TestOptions,
): void {
  verdictTest(target, check, async (api) => check.judge(await observe(api)), options);
}

export interface PropertyTestOptions<T> extends TestOptions {
  examples?: T[];
  /** Cap on runs for arbitraries with few distinct values. */
  maxRuns?: number;
  /** No input's requests depend on another input's answers: send the inputs together. */
  independent?: boolean;
}

/** Registers a property-based test: the check judges what the target did with each generated input. */
export function propertyTest<T, O>(
  target: Target,
  check: Check<O>,
  arb: fc.Arbitrary<T>,
  observe: (api: PetstoreApi, input: T) => Promise<O | Judgement>,
  options: PropertyTestOptions<T> = {},
): void {
  verdictTest(
    target,
    check,
    (api, requestsSent, share) =>
      checkProperty(
        arb,
        async (input) => {
          const observed = await observe(api, input);
          return isJudgement(observed) ? observed : check.judge(observed);
        },
        {
          runSeed: target.ctx.seed,
          checkId: check.id,
          numRuns: Math.min(target.ctx.runs, options.maxRuns ?? Number.POSITIVE_INFINITY),
          ...(options.examples ? { examples: options.examples } : {}),
          ...(options.independent ? { independent: true } : {}),
          requestsSent,
          ...(share === undefined ? {} : { share }),
        },
      ),
    options,
  );
}

/** Registers a test that judges each of a fixed list of inputs; the first failure is the verdict. */
export function eachTest<T, O>(
  target: Target,
  check: Check<O>,
  inputs: readonly T[],
  observe: (api: PetstoreApi, input: T) => Promise<O>,
  passMessage: string,
  options?: TestOptions,
): void {
  verdictTest(
    target,
    check,
    (api, requestsSent, share) =>
      checkEach(inputs, async (input) => check.judge(await observe(api, input)), passMessage, {
        requestsSent,
        ...(share === undefined ? {} : { share }),
      }),
    options,
  );
}

// Observers return a judgement themselves when a precondition failed (e.g. nothing was created).
function isJudgement(value: unknown): value is Judgement {
  return typeof value === 'object' && value !== null && 'verdict' in value && 'message' in value;
}
