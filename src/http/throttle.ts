import type { HttpClient, SendOptions } from './client.ts';
import type { Exchange } from './exchange.ts';
import { compose, type Interceptor, type Send } from './interceptor.ts';
import { LoadWindow } from './load-window.ts';

export interface Limits {
  /** Requests the run may send at most; undefined: no limit. */
  maxRequests?: number;
  /** Requests per second at most; undefined: no limit. */
  ratePerSecond?: number;
  /** Requests in flight at once at most; undefined: no limit. */
  concurrency?: number;
  /** The longest Retry-After a 429 may ask for and still be waited out. */
  maxRetryAfterMs?: number;
  /** When the run's time budget ends (ms since the epoch): no request starts after it. */
  deadline?: number;
}

/** 429 answers whose Retry-After was waited out, and the time spent waiting for them. */
export interface RetryWaits {
  waitedOut: number;
  waitedMs: number;
}

/** What a run has spent so far; shared by every client of the run. */
export interface Spend {
  sent: number;
  nextSlot: number;
  /** Per route, requests in a row that got no answer in time; reset by an answer on the route. */
  unanswered: Map<string, number>;
  /**
   * Per route, requests that ran out of time in the whole run: alone, or crowded and then
   * unanswered alone too (never reset).
   */
  hung: Map<string, number>;
  inFlight: number;
  /** Senders waiting for a free slot, first come first served. */
  queue: Array<() => void>;
  /** Senders waiting to send with nothing else in flight; they go before the queue. */
  aloneQueue: Array<() => void>;
  /** True while a request goes alone: nothing else is let in. */
  alone: boolean;
  /** Requests the target is given at once (see LoadWindow); made by the first throttle. */
  window?: LoadWindow;
  /** Counted so a report can say how much of the run the target's rate limit took. */
  waits: RetryWaits;
  /** Guessed waits (a 429 without Retry-After) in a row after which the retry got 429 again. */
  fruitlessWaits: number;
  /**
   * The least time between two requests' starts that a rate limit without Retry-After has
   * taught the run (0 until then, -1 once the paces are spent; see slowerPace), on top of
   * --rate's own.
   */
  pacedMs: number;
  /** Settled when the last retry after a guessed wait has been answered (see inTurn). */
  guessedTurn: Promise<void>;
}

export function newSpend(): Spend {
  return {
    sent: 0,
    nextSlot: 0,
    unanswered: new Map(),
    hung: new Map(),
    inFlight: 0,
    queue: [],
    aloneQueue: [],
    alone: false,
    waits: { waitedOut: 0, waitedMs: 0 },
    fruitlessWaits: 0,
    pacedMs: 0,
    guessedTurn: Promise.resolve(),
  };
}

/** The code of the exchange a client answers with once the budget is spent. */
export const BUDGET_SPENT = 'BUDGET';
/** The code of the exchange for a request its sender held back (SendOptions.holdBack). */
export const HELD_BACK = 'HELD_BACK';
/** The code of the exchange a client answers with once the target has stopped answering. */
export const UNRESPONSIVE = 'UNRESPONSIVE';
/** The code of the exchange a client answers with once the run's time budget is spent. */
export const OUT_OF_TIME = 'OUT_OF_TIME';
/** Unanswered requests in a row to one route after which the run stops sending to it: each costs a full timeout. */
export const UNANSWERED_LIMIT = 3;
/**
 * Requests to one route that ran out of time in a run and got no answer sent again alone, in a
 * row or not, after which it gets no more: a target that hangs every 4th answer costs a few
 * timeouts, not minutes.
 */
export const HUNG_LIMIT = 8;
/** Times a request answered 429 or 503 is sent again after a wait, at most. */
export const RETRIES_ON_429 = 3;
/** The longest Retry-After waited out unless Limits.maxRetryAfterMs says otherwise. */
export const MAX_RETRY_AFTER_MS = 30_000;

/**
 * Statuses that ask the client, not the request, for patience: 429 Too Many Requests, and 503
 * Service Unavailable, which a service shedding load answers (RFC 9110 15.6.4). With a
 * Retry-After they are waited out (and the load window shrinks); a 503 that stays after the
 * retries is the request's answer, judged as every 5xx is.
 */
const ASK_FOR_PATIENCE = [429, 503];

/**
 * The wait a 429 or a 503 names in its Retry-After (delta-seconds or an HTTP date), else
 * undefined: the preflight and the throttle wait out the same answers.
 */
export function waitNamed(res: {
  status: number;
  headers: Record<string, string>;
}): number | undefined {
  if (!ASK_FOR_PATIENCE.includes(res.status)) return undefined;
  return retryAfterMs(res.headers['retry-after']);
}

/**
 * How long to wait before sending again a request answered 429 or 503: its Retry-After; for a
 * 429 without one (RFC 6585 4: it MAY say), a second, then two, then four (the waits before the
 * retries); undefined for any other answer, and for a 503 without one (a 5xx, judged).
 */
function patienceAsked(
  res: { status: number; headers: Record<string, string> },
  retry: number,
  spend: Spend,
) {
  const asked = waitNamed(res);
  if (asked !== undefined || res.status !== 429)
    return asked === undefined ? undefined : { ms: asked };
  // A target that answered 429 again after the last few guessed waits refuses, it does not ask
  // for patience: the run guesses no more (a Retry-After it still keeps to).
  return spend.fruitlessWaits >= FRUITLESS_WAITS
    ? undefined
    : { ms: 1000 * 2 ** retry, guessed: true as const };
}

/**
 * Runs `send` once the retries after guessed waits before it have been answered: requests a 429
 * refused together, sent again together after the same guess, would meet the limit together
 * again (a thundering herd); one at a time, each has the room the limit left.
 */
async function inTurn<T>(spend: Spend, send: () => Promise<T>): Promise<T> {
  const before = spend.guessedTurn;
  let done!: () => void;
  spend.guessedTurn = new Promise<void>((resolve) => {
    done = resolve;
  });
  await before;
  try {
    return await send();
  } finally {
    done();
  }
}

/** Guessed waits in a row after which the request was answered 429 again: then none is guessed. */
const FRUITLESS_WAITS = 3;
/** The paces a rate limit without Retry-After sets in turn: 100, 50, then 25 requests a second. */
const PACES_MS = [10, 20, 40];

/**
 * After FRUITLESS_WAITS guessed waits in a row met 429 again, the run's own pace may be what the
 * limit refuses (a token bucket the run's other requests keep empty while one waits): the run
 * slows to the next of PACES_MS and guesses again. Past the last it guesses no more and keeps
 * its own pace again (a target that refuses whatever the pace is not waited on for minutes):
 * what is still refused is left unjudged (rate-limited).
 */
function slowerPace(spend: Spend): void {
  if (spend.fruitlessWaits < FRUITLESS_WAITS || spend.pacedMs < 0) return;
  const next = PACES_MS.find((ms) => ms > spend.pacedMs);
  // -1: the paces are spent, and no longer applied (Math.max with the --rate interval).
  spend.pacedMs = next ?? -1;
  if (next !== undefined) spend.fruitlessWaits = 0;
}

/** True for the exchange of a request the throttle did not send. */
export function isRefusal(ex: Exchange): boolean {
  const code = ex.error?.code;
  return code === BUDGET_SPENT || code === UNRESPONSIVE || code === OUT_OF_TIME;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The method and the shape of the path, e.g. `GET /pets/*`: a server that hangs on getPet
 * should cost getPet's checks, not those of listPets.
 */
export function routeOf(options: SendOptions): string {
  const shape = options.path
    .split('/')
    .map((segment, i) => (i <= 1 ? segment : '*'))
    .join('/');
  return `${options.method} ${shape}`;
}

/** The exchange for a request the harness decided not to send. */
export function notSent(options: SendOptions, code: string, message: string): Exchange {
  return {
    seq: 0,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    request: { method: options.method, url: options.path, headers: {} },
    error: { code, message },
  };
}

/** Requests that may be in flight now: the load window's, or the fixed cap. */
function room(spend: Spend, max: number | undefined): number {
  return spend.window?.size ?? max ?? Number.POSITIVE_INFINITY;
}

/** A request sent together with others on purpose goes up to the ceiling, not the window. */
function roomFor(spend: Spend, max: number | undefined, together: boolean): number {
  return together ? (max ?? Number.POSITIVE_INFINITY) : room(spend, max);
}

async function acquire(spend: Spend, max: number | undefined, together = false): Promise<void> {
  const free = spend.inFlight < roomFor(spend, max, together);
  if (!spend.alone && spend.aloneQueue.length === 0 && free) {
    spend.inFlight++;
    return;
  }
  // The slot is handed over by admit(), so inFlight is counted for the waiter.
  await new Promise<void>((resolve) => spend.queue.push(resolve));
}

/** Waits until nothing else is in flight, then keeps everything else out until release. */
async function acquireAlone(spend: Spend): Promise<void> {
  await new Promise<void>((resolve) => {
    spend.aloneQueue.push(resolve);
    admit(spend, undefined);
  });
}

/**
 * Lets waiting senders in while there is room: one that must go alone once nothing is in
 * flight (and no one else meanwhile), the others first come first served. Handed over on the
 * next turn of the event loop, once the sender of the request that ended has seen its answer:
 * a holdBack of the next request can then take that answer into account.
 */
function admit(spend: Spend, max: number | undefined): void {
  if (spend.alone) return;
  if (spend.aloneQueue.length > 0) {
    if (spend.inFlight > 0) return;
    const next = spend.aloneQueue.shift() as () => void;
    spend.alone = true;
    spend.inFlight++;
    setImmediate(next);
    return;
  }
  while (spend.queue.length > 0 && spend.inFlight < room(spend, max)) {
    const next = spend.queue.shift() as () => void;
    spend.inFlight++;
    setImmediate(next);
  }
}

function release(spend: Spend, max: number | undefined): void {
  spend.inFlight--;
  spend.alone = false;
  admit(spend, max);
}

/**
 * A client that keeps to a request budget, a rate, a cap on requests in flight and the run's
 * deadline, waits out a 429's Retry-After (within the budget and the deadline, and with every
 * request of the run) instead of judging a server that asked for patience, and
 * stops sending to a route once the target has left several requests in a row to it unanswered,
 * so that a hung target costs a few timeouts, not one per request.
 */
export function throttle(
  client: HttpClient,
  limits: Limits,
  spend: Spend,
  waitedOut?: WaitedOut,
): HttpClient {
  return compose(client, throttling(limits, spend, waitedOut));
}

/**
 * Told of each answer the throttle waited out (a 429 with a Retry-After it honoured) before it
 * sent the request again: that answer is the target's all the same, and is judged (EVERY-ANSWER).
 */
export type WaitedOut = (ex: Exchange) => void;

/** The throttle as an interceptor (see `throttle`). */
export function throttling(limits: Limits, spend: Spend, waitedOut?: WaitedOut): Interceptor {
  return (next) => throttled(next, limits, spend, waitedOut);
}

function throttled(next: Send, limits: Limits, spend: Spend, waitedOut?: WaitedOut): Send {
  if (limits.concurrency !== undefined) spend.window ??= new LoadWindow(limits.concurrency);
  const interval = limits.ratePerSecond ? 1000 / limits.ratePerSecond : 0;
  const maxWait = limits.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
  function refusal(options: SendOptions, route: string): Exchange | undefined {
    const held = options.holdBack?.();
    if (held !== undefined) return notSent(options, HELD_BACK, held);
    if ((spend.unanswered.get(route) ?? 0) >= UNANSWERED_LIMIT) {
      const message = `the target left ${UNANSWERED_LIMIT} requests in a row to ${route} unanswered`;
      return notSent(options, UNRESPONSIVE, message);
    }
    // A route that hangs now and then, answering between (every 4th request), is bounded too.
    if ((spend.hung.get(route) ?? 0) >= HUNG_LIMIT) {
      const message = `${HUNG_LIMIT} requests to ${route} ran out of time in this run`;
      return notSent(options, UNRESPONSIVE, message);
    }
    if (limits.maxRequests !== undefined && spend.sent >= limits.maxRequests) {
      return notSent(options, BUDGET_SPENT, 'the request budget (--max-requests) was used up');
    }
    if (limits.deadline !== undefined && Date.now() >= limits.deadline) {
      return notSent(options, OUT_OF_TIME, "the run's time budget (--max-duration) was spent");
    }
    return undefined;
  }
  // A 429's wait is kept only while it ends before the run's deadline.
  const waitFits = (delay: number) =>
    delay <= maxWait && (limits.deadline === undefined || Date.now() + delay < limits.deadline);
  /**
   * Notes what an answer says of the target: the load window follows its latency and its
   * timeouts, and a route counts its requests left unanswered in a row. True when a request ran
   * out of time while others were in flight and no hang of its route is known yet: it may only
   * have waited behind them, so it is to be sent again alone before it counts.
   */
  function noteAnswer(route: string, ex: Exchange, crowded: boolean, load: number): boolean {
    if (ex.response) {
      spend.unanswered.delete(route);
      if (ASK_FOR_PATIENCE.includes(ex.response.status)) spend.window?.overloaded();
      else spend.window?.answered(route, ex.durationMs, load);
      return false;
    }
    if (ex.error?.code !== 'TIMEOUT') return false;
    spend.window?.timedOut();
    if (crowded && !hangKnown(route)) return true;
    countUnanswered(route);
    return false;
  }
  /** The route has hung on a request sent alone: its timeouts count at once from now on. */
  const hangKnown = (route: string) => (spend.unanswered.get(route) ?? 0) > 0;
  function countUnanswered(route: string): void {
    spend.unanswered.set(route, (spend.unanswered.get(route) ?? 0) + 1);
    countHung(route);
  }
  function countHung(route: string): void {
    spend.hung.set(route, (spend.hung.get(route) ?? 0) + 1);
  }
  async function sendInSlot(
    options: SendOptions,
    route: string,
    alone: boolean,
  ): Promise<{ ex?: Exchange; again: boolean }> {
    await (alone
      ? acquireAlone(spend)
      : acquire(spend, limits.concurrency, options.together === true));
    try {
      // A retry alone waited for the run to drain: meanwhile its route may have hung alone.
      if (alone && hangKnown(route)) return { again: false };
      const refused = refusal(options, route);
      if (refused) return { ex: refused, again: false };
      spend.sent++;
      const now = Date.now();
      const wait = Math.max(0, spend.nextSlot - now);
      spend.nextSlot = Math.max(now, spend.nextSlot) + Math.max(interval, spend.pacedMs);
      if (wait) await sleep(wait);
      const load = spend.inFlight;
      const ex = await next({ ...options, load });
      const crowded = load > 1 || spend.inFlight > 1;
      return { ex, again: noteAnswer(route, ex, crowded && !alone, load) };
    } finally {
      release(spend, limits.concurrency);
    }
  }
  async function sendOnce(options: SendOptions): Promise<Exchange> {
    const route = routeOf(options);
    const first = await sendInSlot(options, route, false);
    const ex = first.ex as Exchange;
    if (!first.again || !ex.error) return ex;
    // A timeout is judged only alone: with others in flight it may be the harness's own load.
    const alone = await sendInSlot(options, route, true);
    if (!alone.ex) {
      countUnanswered(route);
      return ex;
    }
    // Not sent again after all (the route or the run ran out): the timeout is the answer.
    if (isRefusal(alone.ex)) return ex;
    // Alone, no answer either, but not by a timeout (counted as one): a time the route took and
    // did not answer for, bounded like the hangs (HUNG_LIMIT). A timeout that alone got its
    // answer was the harness's own crowd, and counts for nothing.
    if (!alone.ex.response && alone.ex.error?.code !== 'TIMEOUT') countHung(route);
    const earlier = {
      error: ex.error,
      durationMs: ex.durationMs,
      why: 'it ran out of time while other requests were in flight, so it was sent again alone',
    };
    return {
      ...alone.ex,
      earlier: [...(ex.earlier ?? []), earlier, ...(alone.ex.earlier ?? [])],
    };
  }
  async function send(options: SendOptions): Promise<Exchange> {
    let ex = await sendOnce(options);
    for (let retry = 0; ex.response && retry < RETRIES_ON_429; retry++) {
      const patience = patienceAsked(ex.response, retry, spend);
      const delay = patience?.ms;
      if (delay === undefined || !waitFits(delay)) break;
      const start = performance.now();
      // The server asked the client, not this request, for patience: the run's other requests
      // (checks run together) wait it out too, rather than draw more 429s meanwhile. A wait it
      // did not name is this request's guess alone (the load window has halved meanwhile): a
      // guess pushed on every request made a run against a target quick to 429 take minutes.
      if (!patience?.guessed) spend.nextSlot = Math.max(spend.nextSlot, Date.now() + delay);
      await sleep(delay);
      spend.waits.waitedOut++;
      spend.waits.waitedMs += Math.round(performance.now() - start);
      const again = patience?.guessed
        ? await inTurn(spend, () => sendOnce(options))
        : await sendOnce(options);
      if (isRefusal(again)) break;
      if (patience?.guessed) {
        spend.fruitlessWaits = again.response?.status === 429 ? spend.fruitlessWaits + 1 : 0;
        slowerPace(spend);
      }
      // The request's answer is now the new one; the 429 is still the target's (and is judged
      // once: a 429 left as the request's answer reaches the run through it).
      waitedOut?.(ex);
      ex = again;
    }
    return ex;
  }
  return send;
}
