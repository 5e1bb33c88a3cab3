import { afterAll } from 'vitest';
import { keySecrets } from '../checks/auth-table.ts';
import { createClient, type HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { appendExchange, flushExchanges } from '../http/exchange-log.ts';
import { createRedactor } from '../http/redaction.ts';
import { newSpend, type Spend, throttle } from '../http/throttle.ts';
import type { HarnessContext } from './context.ts';
import { readOnly } from './read-only.ts';
import { notePets, type RunPets, runPets } from './run-pets.ts';

/** The target as a suite file sees it: the run's context and one client for the file. */
export interface Target {
  ctx: HarnessContext;
  client: HttpClient;
  /** Its checks start once every check registered before them has ended. */
  afterTheRest?: boolean;
}

export interface TargetOptions {
  /** Connections to the target at most, whatever --concurrency says (1: one kept-alive socket). */
  connections?: number;
  /** Its checks judge what the others did: they start once every check registered before them has ended. */
  afterTheRest?: boolean;
}

let current: HarnessContext | undefined;

/** The run the suites are registered for next (suites/all.ts sets it before registering them). */
export function registerFor(harness: HarnessContext): void {
  current = harness;
}

/** Opens the target for one suite; its client is closed once every check of the run has ended. */
export function useTarget(options: TargetOptions = {}): Target {
  const ctx = current;
  if (!ctx) throw new Error('useTarget() before suites/all.ts knew the run');
  // One pool of connections for the run, warm for every suite; a socket of its own where asked.
  const client =
    options.connections === undefined ? runClient(ctx) : openClient(ctx, options.connections);
  const limited = notingPets(throttle(client, ctx.limits, spendOf(ctx)), runPets(ctx));
  return {
    ctx,
    client: ctx.writes ? limited : readOnly(limited),
    ...(options.afterTheRest ? { afterTheRest: true } : {}),
  };
}

function openClient(ctx: HarnessContext, connections: number | undefined): HttpClient {
  const client = createClient({
    baseUrl: ctx.baseUrl,
    apiKey: ctx.apiKey,
    timeoutMs: ctx.timeoutMs,
    maxBodyBytes: ctx.maxBodyBytes,
    ...(connections ? { connections } : {}),
    redact: createRedactor(keySecrets(ctx.apiKey)),
    ...(ctx.exchangeLog
      ? { onExchange: (ex: Exchange) => appendExchange(ctx.exchangeLog as string, ex) }
      : {}),
  });
  afterAll(() => {
    if (ctx.exchangeLog) flushExchanges(ctx.exchangeLog);
    return client.close();
  });
  return client;
}

// The worker outlives a run, so the run's client is keyed by run, as its budget is.
const runClients = new Map<string, HttpClient>();
function runClient(ctx: HarnessContext): HttpClient {
  const key = runKey(ctx);
  let client = runClients.get(key);
  if (!client) {
    client = openClient(ctx, ctx.limits.concurrency);
    runClients.set(key, client);
    afterAll(() => void runClients.delete(key));
  }
  return client;
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
const runKey = (ctx: HarnessContext) => `${ctx.runId}:${ctx.exchangeLog ?? ''}:${ctx.baseUrl}`;
function spendOf(ctx: HarnessContext): Spend {
  const key = runKey(ctx);
  let spend = spends.get(key);
  if (!spend) {
    spend = newSpend();
    spends.set(key, spend);
  }
  return spend;
}
