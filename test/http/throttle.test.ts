import { describe, expect, it } from 'vitest';
import type { HttpClient, SendOptions } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import {
  BUDGET_SPENT,
  HELD_BACK,
  newSpend,
  retryAfterMs,
  routeOf,
  throttle,
  UNANSWERED_LIMIT,
  UNRESPONSIVE,
} from '../../src/http/throttle.ts';
import { exchange } from '../support/exchanges.ts';

/** A client whose answers are scripted by status, and which notes when each request left. */
function scripted(statuses: number[], headers: Record<string, string> = {}) {
  const sentAt: number[] = [];
  const client: HttpClient = {
    send: async (_o: SendOptions) => {
      sentAt.push(Date.now());
      return exchange({ status: statuses.shift() ?? 200, json: [], headers });
    },
    close: async () => {},
  };
  return { client, sentAt };
}
const GET: SendOptions = { method: 'GET', path: '/pets' };

describe('throttle', () => {
  it('answers with a budget-spent exchange once the budget is used up', async () => {
    const { client, sentAt } = scripted([]);
    const limited = throttle(client, { maxRequests: 2 }, newSpend());
    await limited.send(GET);
    await limited.send(GET);
    const third = await limited.send(GET);
    expect(sentAt).toHaveLength(2);
    expect(third.error?.code).toBe(BUDGET_SPENT);
  });

  it('spaces requests to the rate', async () => {
    const { client, sentAt } = scripted([]);
    const limited = throttle(client, { ratePerSecond: 20 }, newSpend());
    for (let i = 0; i < 5; i++) await limited.send(GET);
    expect((sentAt[4] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it('waits out a 429 with Retry-After and sends again, within the budget', async () => {
    const { client, sentAt } = scripted([429, 200], { 'retry-after': '0' });
    const ex = await throttle(client, { maxRequests: 5 }, newSpend()).send(GET);
    expect(ex.response?.status).toBe(200);
    expect(sentAt).toHaveLength(2);
    const tight = scripted([429, 200], { 'retry-after': '0' });
    const spent = await throttle(tight.client, { maxRequests: 1 }, newSpend()).send(GET);
    expect(spent.response?.status).toBe(429);
    const tooLong = scripted([429, 200], { 'retry-after': '3600' });
    expect((await throttle(tooLong.client, {}, newSpend()).send(GET)).response?.status).toBe(429);
  });

  it('waits out a 503 with Retry-After (a service shedding load) as a 429, and not one without', async () => {
    const shed = scripted([503, 200], { 'retry-after': '0' });
    expect((await throttle(shed.client, {}, newSpend()).send(GET)).response?.status).toBe(200);
    expect(shed.sentAt).toHaveLength(2);
    const down = scripted([503, 200]);
    expect((await throttle(down.client, {}, newSpend()).send(GET)).response?.status).toBe(503);
  });

  it('counts the 429s it waited out and the time it waited, and only those', async () => {
    const spend = newSpend();
    const { client } = scripted([429, 429, 200, 429, 429], { 'retry-after': '0' });
    const limited = throttle(client, {}, spend);
    expect((await limited.send(GET)).response?.status).toBe(200);
    expect(spend.waits.waitedOut).toBe(2);
    const oneSecond = scripted([429, 200], { 'retry-after': '1' });
    await throttle(oneSecond.client, {}, spend).send(GET);
    expect(spend.waits.waitedOut).toBe(3);
    expect(spend.waits.waitedMs).toBeGreaterThanOrEqual(990);
    // A Retry-After too long to wait: answered 429, nothing waited.
    await throttle(scripted([429], { 'retry-after': '3600' }).client, {}, spend).send(GET);
    expect(spend.waits.waitedOut).toBe(3);
    // None at all (RFC 6585 4: it MAY say): a second waited out, then the answer.
    const before = spend.waits.waitedMs;
    await throttle(scripted([429, 200]).client, {}, spend).send(GET);
    expect(spend.waits.waitedOut).toBe(4);
    expect(spend.waits.waitedMs - before).toBeGreaterThanOrEqual(990);
  });

  it('guesses no more waits for a 429 without Retry-After once three guessed waits in a row met another', async () => {
    const spend = newSpend();
    spend.fruitlessWaits = 3;
    const { client } = scripted([429, 200]);
    expect((await throttle(client, {}, spend).send(GET)).response?.status).toBe(429);
    expect(spend.waits.waitedOut).toBe(0);
    // A Retry-After is still kept to: the target named the wait.
    const named = scripted([429, 200], { 'retry-after': '0' });
    expect((await throttle(named.client, {}, spend).send(GET)).response?.status).toBe(200);
  });

  it('hands each 429 it waited out to waitedOut, once, and never the answer it returns', async () => {
    const waited: Exchange[] = [];
    const note = (ex: Exchange) => waited.push(ex);
    const { client } = scripted([429, 429, 200], { 'retry-after': '0' });
    expect((await throttle(client, {}, newSpend(), note).send(GET)).response?.status).toBe(200);
    expect(waited.map((ex) => ex.response?.status)).toEqual([429, 429]);
    // A 429 the request ends with (the budget spent, a wait too long, the tries used up) is its
    // answer: it goes up with it, not to waitedOut as well.
    waited.length = 0;
    const tight = scripted([429, 200], { 'retry-after': '0' });
    await throttle(tight.client, { maxRequests: 1 }, newSpend(), note).send(GET);
    const tooLong = scripted([429], { 'retry-after': '3600' });
    await throttle(tooLong.client, {}, newSpend(), note).send(GET);
    expect(waited).toEqual([]);
    const always = scripted([429, 429, 429, 429, 429], { 'retry-after': '0' });
    const last = await throttle(always.client, {}, newSpend(), note).send(GET);
    expect(last.response?.status).toBe(429);
    expect(waited).toHaveLength(3);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 00:00:02 GMT', now)).toBe(2000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('keeps at most --concurrency requests in flight, and sends them in the order asked', async () => {
    let inFlight = 0;
    let peak = 0;
    const order: string[] = [];
    const client: HttpClient = {
      send: async (o: SendOptions) => {
        order.push(o.path);
        peak = Math.max(peak, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return exchange({ status: 200, json: [] });
      },
      close: async () => {},
    };
    const limited = throttle(client, { concurrency: 3 }, newSpend());
    const paths = Array.from({ length: 12 }, (_, i) => `/pets/${i}`);
    await Promise.all(paths.map((path) => limited.send({ method: 'GET', path })));
    expect(peak).toBe(3);
    expect(order).toEqual(paths);
  });

  it('stops sending to a route once the target has left requests to it unanswered several times in a row', async () => {
    let sent = 0;
    const answers = ['timeout', 'ok', 'timeout', 'timeout', 'timeout'];
    const client: HttpClient = {
      send: async () => {
        sent++;
        return answers.shift() === 'ok'
          ? exchange({ status: 200, json: [] })
          : exchange({ error: 'no answer within 10 ms', code: 'TIMEOUT' });
      },
      close: async () => {},
    };
    const limited = throttle(client, {}, newSpend());
    // An answer in between resets the count: only UNANSWERED_LIMIT in a row stop the run.
    for (let i = 0; i < 1 + 1 + UNANSWERED_LIMIT; i++) await limited.send(GET);
    const refused = await limited.send(GET);
    expect(sent).toBe(2 + UNANSWERED_LIMIT);
    expect(refused.error).toEqual({
      code: UNRESPONSIVE,
      message: `the target left ${UNANSWERED_LIMIT} requests in a row to GET /pets unanswered`,
    });
    // Another route is still tried.
    await limited.send({ method: 'GET', path: '/pets/7' });
    expect(sent).toBe(3 + UNANSWERED_LIMIT);
  });

  it('names a route by method and path shape', () => {
    expect(routeOf({ method: 'GET', path: '/pets/12' })).toBe('GET /pets/*');
    expect(routeOf({ method: 'POST', path: '/pets' })).toBe('POST /pets');
    expect(routeOf({ method: 'GET', path: '/pets/a/b' })).toBe('GET /pets/*/*');
  });

  it('asks a queued request whether it should still go once its turn comes', async () => {
    const sent: string[] = [];
    const client: HttpClient = {
      send: async (o: SendOptions) => {
        sent.push(o.path);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return exchange({ error: 'no answer within 5 ms', code: 'TIMEOUT' });
      },
      close: async () => {},
    };
    const limited = throttle(client, { concurrency: 2 }, newSpend());
    let settled = false;
    const holdBack = () => (settled ? 'settled' : undefined);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => {
        const ex = await limited.send({ method: 'GET', path: `/pets/${i}`, holdBack });
        settled = true;
        return ex;
      }),
    );
    // The first two were in flight together, so the first to run out of time was sent again
    // alone before it counted (the second's timeout then counted at once: its route had hung
    // alone); the three queued behind them were held back.
    expect(sent).toEqual(['/pets/1', '/pets/2', '/pets/1']);
    expect(answers.slice(2).map((ex) => ex.error)).toEqual(
      Array(3).fill({ code: HELD_BACK, message: 'settled' }),
    );
  });

  describe('with requests that go together', () => {
    /** A client that answers after `ms`, noting when each request left. */
    function slow(ms: number, answer: () => Exchange = () => exchange({ status: 200, json: [] })) {
      const sentAt: number[] = [];
      const client: HttpClient = {
        send: async () => {
          sentAt.push(Date.now());
          await new Promise((resolve) => setTimeout(resolve, ms));
          return answer();
        },
        close: async () => {},
      };
      return { client, sentAt };
    }
    const together = (limited: HttpClient, n: number) =>
      Promise.all(Array.from({ length: n }, () => limited.send(GET)));

    it('never sends more than the budget', async () => {
      const { client, sentAt } = slow(2);
      const limited = throttle(client, { maxRequests: 5, concurrency: 3 }, newSpend());
      const answers = await together(limited, 20);
      expect(sentAt).toHaveLength(5);
      expect(answers.filter((ex) => ex.error?.code === BUDGET_SPENT)).toHaveLength(15);
    });

    it('keeps to the rate', async () => {
      const { client, sentAt } = slow(1);
      const limited = throttle(client, { ratePerSecond: 50, concurrency: 4 }, newSpend());
      await together(limited, 10);
      // Nine intervals of 20 ms at least (timers fire late, never early).
      expect((sentAt[9] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(175);
    });

    it('stops sending to a route that leaves them unanswered: at most the in-flight cap more', async () => {
      const { client, sentAt } = slow(5, () =>
        exchange({ error: 'no answer within 5 ms', code: 'TIMEOUT' }),
      );
      const limited = throttle(client, { concurrency: 4 }, newSpend());
      const answers = await together(limited, 20);
      expect(sentAt.length).toBeLessThanOrEqual(UNANSWERED_LIMIT - 1 + 4);
      const refused = answers.filter((ex) => ex.error?.code === UNRESPONSIVE);
      const timedOut = answers.filter((ex) => ex.error?.code === 'TIMEOUT');
      expect(refused).toHaveLength(20 - timedOut.length);
    });

    it("a 429's Retry-After holds back every request of the run, not only the one it answered", async () => {
      const statuses = [429];
      const { client, sentAt } = slow(1, () =>
        exchange({ status: statuses.shift() ?? 200, json: [], headers: { 'retry-after': '1' } }),
      );
      const limited = throttle(client, { concurrency: 1 }, newSpend());
      const answers = await together(limited, 3);
      expect(answers.map((ex) => ex.response?.status)).toEqual([200, 200, 200]);
      // The 429, then nothing until its second has passed: its retry and the two others.
      expect(sentAt).toHaveLength(4);
      expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(990);
    });
  });
});
