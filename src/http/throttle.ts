import type { HttpClient, SendOptions } from './client.ts';
import type { Exchange } from './exchange.ts';

export interface Limits {
  /** Requests the run may send at most; undefined: no limit. */
  maxRequests?: number;
  /** Requests per second at most; undefined: no limit. */
  ratePerSecond?: number;
  /** The longest Retry-After a 429 may ask for and still be waited out. */
  maxRetryAfterMs?: number;
}

/** What a run has spent so far; shared by every client of the run. */
export interface Spend {
  sent: number;
  nextSlot: number;
}

/** The code of the exchange a client answers with once the budget is spent. */
export const BUDGET_SPENT = 'BUDGET';
const RETRIES_ON_429 = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function budgetSpent(options: SendOptions): Exchange {
  return {
    seq: 0,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    request: { method: options.method, url: options.path, headers: {} },
    error: { code: BUDGET_SPENT, message: `the request budget (--max-requests) was used up` },
  };
}

/**
 * A client that keeps to a request budget and a rate, and waits out a 429's Retry-After (within
 * the budget) instead of judging a server that asked for patience.
 */
export function throttle(client: HttpClient, limits: Limits, spend: Spend): HttpClient {
  const interval = limits.ratePerSecond ? 1000 / limits.ratePerSecond : 0;
  const maxWait = limits.maxRetryAfterMs ?? 30_000;
  async function sendOnce(options: SendOptions): Promise<Exchange | undefined> {
    if (limits.maxRequests !== undefined && spend.sent >= limits.maxRequests) return undefined;
    spend.sent++;
    const now = Date.now();
    const wait = Math.max(0, spend.nextSlot - now);
    spend.nextSlot = Math.max(now, spend.nextSlot) + interval;
    if (wait) await sleep(wait);
    return client.send(options);
  }
  async function send(options: SendOptions): Promise<Exchange> {
    let ex = await sendOnce(options);
    for (let retry = 0; ex && retry < RETRIES_ON_429; retry++) {
      const delay =
        ex.response?.status === 429 ? retryAfterMs(ex.response.headers['retry-after']) : undefined;
      if (delay === undefined || delay > maxWait) break;
      await sleep(delay);
      const again = await sendOnce(options);
      if (!again) break;
      ex = again;
    }
    return ex ?? budgetSpent(options);
  }
  return { send, close: () => client.close() };
}
