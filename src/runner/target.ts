import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll } from 'vitest';
import type { NotJudged } from '../checks/types.ts';
import { createClient, type HttpClient, UNSOLICITED } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { appendExchange, flushExchanges } from '../http/exchange-log.ts';
import { HELD_BACK, isRefusal, throttle, UNRESPONSIVE } from '../http/throttle.ts';
import type { HarnessContext } from './context.ts';
import { readOnly } from './read-only.ts';
import { redactorFor } from './redactor.ts';
import { notePets, type RunPets } from './run-pets.ts';
import { type RunState, runState } from './run-state.ts';
import { SEED_LABEL } from './seed.ts';
import { saveWaits } from './waits.ts';

/** The target as a suite file sees it: the run's context and one client for the file. */
export interface Target {
  ctx: HarnessContext;
  client: HttpClient;
  /** Its checks start once every check registered before them has ended. */
  afterTheRest?: boolean;
}

export interface TargetOptions {
  /**
   * A connection of its own for every stretch of requests run in `onOwnConnection` (each kept
   * alive, carrying that stretch's requests one after another), whatever --concurrency says.
   */
  connectionPerTurn?: boolean;
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
  // One pool of connections for the run, warm for every suite; sockets of their own where asked.
  const client = options.connectionPerTurn ? connectionPerTurn(ctx) : runClient(ctx);
  const state = runState(ctx);
  const limited = notingSetUp(
    notingPets(throttle(client, ctx.limits, state.spend), state.pets),
    state,
  );
  return {
    ctx,
    client: ctx.writes ? limited : readOnly(limited),
    ...(options.afterTheRest ? { afterTheRest: true } : {}),
  };
}

function newClient(ctx: HarnessContext, connections: number | undefined): HttpClient {
  return createClient({
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
}

function openClient(ctx: HarnessContext, connections: number | undefined): HttpClient {
  const client = newClient(ctx, connections);
  afterAll(() => {
    flushRun(ctx);
    return client.close();
  });
  return client;
}

/** Writes what the main process reads of the run: the exchanges still waiting, the 429 waits. */
function flushRun(ctx: HarnessContext): void {
  if (!ctx.exchangeLog) return;
  flushExchanges(ctx.exchangeLog);
  saveWaits(ctx.exchangeLog, runState(ctx).spend.waits);
}

/** The connection of the stretch of requests under way (see onOwnConnection). */
const turn = new AsyncLocalStorage<{ client?: HttpClient }>();

/**
 * Runs `work`, whose requests through a target opened with `connectionPerTurn` go one after
 * another on a connection of their own, kept alive: e.g. a keyless request right after a keyed
 * one on the same socket. Stretches run together, each on its own socket.
 */
export function onOwnConnection<T>(work: () => Promise<T>): Promise<T> {
  return turn.run({}, work);
}

function connectionPerTurn(ctx: HarnessContext): HttpClient {
  const opened: HttpClient[] = [];
  afterAll(async () => {
    flushRun(ctx);
    await Promise.all(opened.map((client) => client.close()));
  });
  return {
    send: (options) => {
      const mine = turn.getStore();
      if (!mine)
        throw new Error('a request to a connection-per-turn target outside onOwnConnection()');
      if (!mine.client) {
        mine.client = newClient(ctx, 1);
        opened.push(mine.client);
      }
      return mine.client.send(options);
    },
    close: async () => undefined,
  };
}

/** The run's one pool of connections, opened by its first suite. */
function runClient(ctx: HarnessContext): HttpClient {
  const state = runState(ctx);
  if (!state.client) {
    state.client = openClient(ctx, ctx.limits.concurrency);
    afterAll(() => {
      delete state.client;
    });
  }
  return state.client;
}

/** What a set-up exchange shows of the target's own trouble: a hang, a 5xx, a broken connection. */
export function setUpTroubleOf(ex: Exchange): NotJudged | undefined {
  const code = ex.error?.code;
  const what = `${ex.request.method} ${ex.request.url}`;
  if (code === 'TIMEOUT' || code === UNRESPONSIVE)
    return { code: 'target-unresponsive', message: `${ex.error?.message} (${what}, set-up)` };
  if (ex.response && ex.response.status >= 500)
    return { code: 'target-error', message: `${what} answered ${ex.response.status} (set-up)` };
  if (code !== undefined && !isRefusal(ex) && code !== HELD_BACK && code !== UNSOLICITED)
    return { code: 'target-error', message: `${ex.error?.message} (${what}, set-up)` };
  return undefined;
}

/** Notes the first trouble the run's set-up requests met (see RunState.setUpTrouble). */
function notingSetUp(client: HttpClient, state: RunState): HttpClient {
  return {
    send: async (options) => {
      const ex = await client.send(options);
      if (options.check === SEED_LABEL) state.setUpTrouble ??= setUpTroubleOf(ex);
      return ex;
    },
    close: () => client.close(),
  };
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
