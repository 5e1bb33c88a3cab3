import { afterAll, inject, test } from 'vitest';
import type { Check, CheckDef, Judgement } from '../checks/types.ts';
import { createClient, type HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { type PetstoreApi, petstoreApi } from '../http/petstore-api.ts';
import { createRedactor } from '../http/redaction.ts';
import type { CheckMeta, HarnessContext } from './context.ts';

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
    redact: createRedactor([ctx.apiKey]),
  });
  afterAll(() => client.close());
  return { ctx, client };
}

/** Thrown to fail a test when the target broke a MUST clause: a verdict, not a harness bug. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

// Only MUST clauses fail the run; whatever else a check objects to is a warning.
function levelled(def: CheckDef, judgement: Judgement): Judgement {
  return judgement.verdict === 'fail' && def.level !== 'MUST'
    ? { ...judgement, verdict: 'warn' }
    : judgement;
}

/** Registers a test for one check whose body returns the judgement itself. */
export function verdictTest(
  target: Target,
  def: CheckDef,
  run: (api: PetstoreApi) => Promise<Judgement>,
): void {
  test(`[${def.id}] ${def.title}`, async ({ task, skip }) => {
    const recorded: Exchange[] = [];
    const api = petstoreApi(async (options) => {
      const ex = await target.client.send(options);
      recorded.push(ex);
      return ex;
    });
    const judgement = levelled(def, await run(api));
    const evidence =
      judgement.verdict === 'pass' ? [] : (judgement.evidence ?? recorded.slice(-MAX_EVIDENCE));
    const meta: CheckMeta = {
      id: def.id,
      verdict: judgement.verdict,
      message: judgement.message,
      exchanges: evidence,
      requests: recorded.length,
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
): void {
  verdictTest(target, check, async (api) => check.judge(await observe(api)));
}
