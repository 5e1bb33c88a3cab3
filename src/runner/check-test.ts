import type fc from 'fast-check';
import { afterAll, inject, test } from 'vitest';
import { exclusionReason } from '../checks/selection.ts';
import type { Check, CheckDef, Judgement } from '../checks/types.ts';
import { fail, skip as skipped } from '../checks/types.ts';
import { createClient, type HttpClient } from '../http/client.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import { appendExchange, flushExchanges } from '../http/exchange-log.ts';
import { type PetstoreApi, petstoreApi } from '../http/petstore-api.ts';
import { createRedactor } from '../http/redaction.ts';
import { HELD_BACK, isRefusal, newSpend, type Spend, throttle } from '../http/throttle.ts';
import { timeSpent } from '../stopwatch.ts';
import type { CheckMeta, HarnessContext } from './context.ts';
import { checkEach, checkProperty } from './property.ts';
import { timingSince } from './timings.ts';

/** How many exchanges a failing check keeps as evidence when it names none itself. */
const MAX_EVIDENCE = 5;

/** The target as a suite file sees it: the run's context and one client for the file. */
export interface Target {
  ctx: HarnessContext;
  client: HttpClient;
}

/** Opens the target for one suite file; the client is closed when the file is done. */
export function useTarget(): Target {
  const ctx = inject('harness');
  const client = createClient({
    baseUrl: ctx.baseUrl,
    apiKey: ctx.apiKey,
    timeoutMs: ctx.timeoutMs,
    maxBodyBytes: ctx.maxBodyBytes,
    ...(ctx.limits.concurrency ? { connections: ctx.limits.concurrency } : {}),
    redact: createRedactor([ctx.apiKey]),
    ...(ctx.exchangeLog
      ? { onExchange: (ex: Exchange) => appendExchange(ctx.exchangeLog as string, ex) }
      : {}),
  });
  afterAll(() => {
    if (ctx.exchangeLog) flushExchanges(ctx.exchangeLog);
    return client.close();
  });
  const limited = throttle(client, ctx.limits, spendOf(ctx));
  return { ctx, client: ctx.writes ? limited : readOnly(limited) };
}

// Every suite file of a run shares one budget; the worker outlives a run, so key it by run.
const spends = new Map<string, Spend>();
function spendOf(ctx: HarnessContext): Spend {
  const key = `${ctx.runId}:${ctx.exchangeLog ?? ''}`;
  let spend = spends.get(key);
  if (!spend) {
    spend = newSpend();
    spends.set(key, spend);
  }
  return spend;
}

/** A client that refuses to send anything but GET: the probe profile's promise, enforced. */
function readOnly(client: HttpClient): HttpClient {
  return {
    send: (options) => {
      if (options.method !== 'GET') {
        throw new Error(`read-only run: refusing to send ${options.method} ${options.path}`);
      }
      return client.send(options);
    },
    close: () => client.close(),
  };
}

/** Thrown to fail a test when the target broke a MUST clause: a verdict, not a harness bug. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

/**
 * The verdict of a check from its own judgement and what happened on the wire: a hang fails at
 * any level (the contract promises an answer); a request the throttle held back leaves the check
 * unjudged; otherwise only MUST clauses fail the run and anything else is a warning.
 */
function settle(
  def: CheckDef,
  judged: Judgement,
  recorded: Exchange[],
  unanswered: Exchange | undefined,
): Judgement {
  if (unanswered) {
    const { method, url } = unanswered.request;
    return fail(`${unanswered.error?.message} to ${method} ${url}`, [unanswered]);
  }
  const refused = recorded.find(isRefusal);
  if (refused) return skipped(`${refused.error?.message} before this check could finish`);
  return judged.verdict === 'fail' && def.level !== 'MUST'
    ? { ...judged, verdict: 'warn' }
    : judged;
}

export interface TestOptions {
  /** A reason the check cannot run now (e.g. getPet is past its sunset), or undefined. */
  unlessSkipped?: () => string | undefined;
}

/** Registers a test for one check whose body returns the judgement itself. */
export function verdictTest(
  target: Target,
  def: CheckDef,
  run: (api: PetstoreApi) => Promise<Judgement>,
  options: TestOptions = {},
): void {
  test(`[${def.id}] ${def.title}`, async ({ task, skip }) => {
    const reason = exclusionReason(def.id, target.ctx) ?? options.unlessSkipped?.();
    if (reason !== undefined) {
      task.meta.check = {
        id: def.id,
        verdict: 'skip',
        message: reason,
        exchanges: [],
        requests: 0,
      };
      skip(reason);
    }
    const before = timeSpent();
    const recorded: Exchange[] = [];
    let unanswered: Exchange | undefined;
    // One unanswered request settles the check: waiting out more would only lengthen the run.
    // Requests still queued for a slot are held back, those in flight abandoned.
    const settled = new AbortController();
    const holdBack = () => (unanswered ? 'an earlier request got no answer' : undefined);
    const api = petstoreApi(async (options) => {
      const ex = await target.client.send({ ...options, holdBack, signal: settled.signal });
      if (ex.error?.code === HELD_BACK) return ex;
      recorded.push(ex);
      if (ex.error?.code === 'TIMEOUT' && !unanswered) {
        unanswered = ex;
        settled.abort();
      }
      return ex;
    });
    const judgement = settle(def, await run(api), recorded, unanswered);
    const evidence =
      judgement.verdict === 'pass' ? [] : (judgement.evidence ?? recorded.slice(-MAX_EVIDENCE));
    const meta: CheckMeta = {
      id: def.id,
      verdict: judgement.verdict,
      message: judgement.message,
      exchanges: evidence.map(forRecord),
      requests: recorded.length,
      timing: timingSince(before, recorded),
      ...(judgement.counterexample ? { counterexample: judgement.counterexample } : {}),
    };
    task.meta.check = meta;
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
  /** Each input sends one request that no other input depends on: send them together. */
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
    (api) =>
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
    (api) =>
      checkEach(inputs, async (input) => check.judge(await observe(api, input)), passMessage),
    options,
  );
}

// Observers return a judgement themselves when a precondition failed (e.g. nothing was created).
function isJudgement(value: unknown): value is Judgement {
  return typeof value === 'object' && value !== null && 'verdict' in value && 'message' in value;
}
