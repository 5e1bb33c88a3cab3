import { afterAll, inject } from 'vitest';
import { createClient, type HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { appendExchange, flushExchanges } from '../http/exchange-log.ts';
import { newSpend, type Spend, throttle } from '../http/throttle.ts';
import type { HarnessContext } from './context.ts';
import { readOnly } from './read-only.ts';
import { redactorFor } from './redactor.ts';
import { notePets, type RunPets, runPets } from './run-pets.ts';
import { saveWaits } from './waits.ts';

/** The target as a suite file sees it: the run's context and one client for the file. */
export interface Target {
  ctx: HarnessContext;
  client: HttpClient;
}

export interface TargetOptions {
  /** Connections to the target at most, whatever --concurrency says (1: one kept-alive socket). */
  connections?: number;
}

/** Opens the target for one suite file; the client is closed when the file is done. */
export function useTarget(options: TargetOptions = {}): Target {
  const ctx = inject('harness');
  const connections = options.connections ?? ctx.limits.concurrency;
  const client = createClient({
    baseUrl: ctx.baseUrl,
    apiKey: ctx.apiKey,
    timeoutMs: ctx.timeoutMs,
    maxBodyBytes: ctx.maxBodyBytes,
    ...(connections ? { connections } : {}),
    ...(ctx.exchangeLog
      ? {
          onExchange: (ex: Exchange) =>
            appendExchange(ctx.exchangeLog as string, ex, redactorFor(ctx.apiKey)),
        }
      : {}),
  });
  const spend = spendOf(ctx);
  afterAll(() => {
    if (ctx.exchangeLog) {
      flushExchanges(ctx.exchangeLog);
      saveWaits(ctx.exchangeLog, spend.waits);
    }
    return client.close();
  });
  const limited = notingPets(throttle(client, ctx.limits, spend), runPets(ctx));
  return { ctx, client: ctx.writes ? limited : readOnly(limited) };
}

/** A client that notes every pet created and seen again, for the checks judged at the end. */
function notingPets(client: HttpClient, pets: RunPets): HttpClient {
  return {
    send: async (options) => {
      const ex = await client.send(options);
      notePets(pets, ex);
      return ex;
    },
    close: () => client.close(),
  };
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
