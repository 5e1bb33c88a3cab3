import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll } from 'vitest';
import type { HarnessContext } from '../bridge/context.ts';
import { createClient, type HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { holdingForJudging } from '../http/held.ts';
import { compose } from '../http/interceptor.ts';
import { retryingClosedConnections } from '../http/retry.ts';
import { throttling } from '../http/throttle.ts';
import { judgingAnswers, waitedOutAnswers } from './answers.ts';
import { readingBack } from './read-backs.ts';
import { readOnly } from './read-only.ts';
import { notingPets } from './run-pets.ts';
import { sendingSentinels } from './sentinels.ts';
import { notingSetUpTrouble } from './set-up-trouble.ts';
import type { SuiteRun } from './suite-run.ts';

/** The target as a suite file sees it: the run, its context, and one client for the file. */
export interface Target {
  run: SuiteRun;
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

/**
 * Opens the target of `run` for one suite. Its client is the run's connections with the run's
 * interceptors around them, the nearest to the wire first: one more try for a request whose
 * connection the target had closed while idle, the throttle (budget, rate, load window,
 * concurrency, deadline, 429 waits, unresponsive routes; the 429s it waits out go to the judge of
 * every answer), the notes of the run's pets and of its
 * set-up's trouble, the judge of every answer, in a read-only run the refusal of anything but
 * GET, the read of every pet created straight after its creation, and the sentinel probes sent
 * every so many requests.
 */
export function useTarget(run: SuiteRun, options: TargetOptions = {}): Target {
  const { ctx } = run;
  // One pool of connections for the run, warm for every suite; sockets of their own where asked.
  const wire = options.connectionPerTurn ? connectionPerTurn(run) : runClient(run);
  const client = compose(
    wire,
    retryingClosedConnections,
    // The 429s it waits out never come back up through the interceptors above it: it hands
    // them to the ledger itself, so every answer the run receives is judged.
    throttling(ctx.limits, run.spend, waitedOutAnswers(run.answers)),
    notingPets(run.pets),
    judgingAnswers(run.answers),
    holdingForJudging,
    notingSetUpTrouble(run),
    ...(ctx.writes ? [] : [readOnly]),
    // Not on connections of their own: a read or a probe would go between a stretch's requests.
    ...(options.connectionPerTurn
      ? []
      : [readingBack(run.readBacks), sendingSentinels(run.sentinels)]),
  );
  return { run, ctx, client, ...(options.afterTheRest ? { afterTheRest: true } : {}) };
}

function newClient(run: SuiteRun, connections: number | undefined): HttpClient {
  const { ctx, log } = run;
  return createClient({
    baseUrl: ctx.baseUrl,
    apiKey: ctx.apiKey,
    timeoutMs: ctx.timeoutMs,
    maxBodyBytes: ctx.maxBodyBytes,
    ...(ctx.connection ? { connection: ctx.connection } : {}),
    ...(connections ? { connections } : {}),
    holdWhole: true,
    ...(log ? { onExchange: (ex: Exchange) => log.append(ex) } : {}),
  });
}

function openClient(run: SuiteRun, connections: number | undefined): HttpClient {
  const client = newClient(run, connections);
  afterAll(() => {
    flushRun(run);
    return client.close();
  });
  return client;
}

/** Writes what the main process reads of the run: the exchanges still waiting, the 429 waits. */
function flushRun(run: SuiteRun): void {
  run.log?.close(run.spend.waits);
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

function connectionPerTurn(run: SuiteRun): HttpClient {
  const opened: HttpClient[] = [];
  afterAll(async () => {
    flushRun(run);
    await Promise.all(opened.map((client) => client.close()));
  });
  return {
    send: (options) => {
      const mine = turn.getStore();
      if (!mine)
        throw new Error('a request to a connection-per-turn target outside onOwnConnection()');
      if (!mine.client) {
        mine.client = newClient(run, 1);
        opened.push(mine.client);
      }
      return mine.client.send(options);
    },
    close: async () => undefined,
  };
}

/** The run's one pool of connections, opened by its first suite. */
function runClient(run: SuiteRun): HttpClient {
  if (!run.client) {
    run.client = openClient(run, run.ctx.limits.concurrency);
    afterAll(() => {
      delete run.client;
    });
  }
  return run.client;
}
