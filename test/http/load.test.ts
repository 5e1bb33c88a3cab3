import { describe, expect, it } from 'vitest';
import { createClient, type HttpClient, type SendOptions } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { compose } from '../../src/http/interceptor.ts';
import { LoadWindow } from '../../src/http/load-window.ts';
import { retryingClosedConnections } from '../../src/http/retry.ts';
import { HUNG_LIMIT, newSpend, throttle } from '../../src/http/throttle.ts';
import { startFault } from '../faults/catalog.ts';
import { VARIANTS } from '../faults/variants.ts';
import { exchange } from '../support/exchanges.ts';

const GET: SendOptions = { method: 'GET', path: '/pets' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the load window', () => {
  it('starts small and grows to the ceiling while answers come as fast as the best', () => {
    const window = new LoadWindow(32);
    expect(window.size).toBe(2);
    for (let i = 0; i < 100; i++) window.answered('GET /pets', 10);
    expect(window.size).toBe(32);
  });

  it('shrinks when answers take markedly longer with more requests in flight than with fewer, and halves on a timeout', () => {
    const window = new LoadWindow(32);
    for (let i = 0; i < 100; i++) window.answered('GET /pets', 200, 1);
    expect(window.size).toBe(32);
    for (let i = 0; i < 200; i++) window.answered('GET /pets', 1000, 32);
    expect(window.size).toBe(1);
    for (let i = 0; i < 20; i++) window.answered('GET /pets', 200, 1);
    const before = window.size;
    window.timedOut();
    expect(window.size).toBe(Math.max(1, Math.floor(before / 2)));
  });

  it('grows to the ceiling on a target whose latency varies (50 to 300 ms) but does not grow with the load', () => {
    const window = new LoadWindow(32);
    // Once past slow start it grows by one a window's worth of answers: a round trip each.
    for (let i = 0; i < 1000; i++) window.answered('GET /pets', 50 + ((i * 97) % 251), window.size);
    expect(window.size).toBe(32);
  });

  it('stays small on a target whose varying latency grows with the load (it queues)', () => {
    const window = new LoadWindow(32);
    const sizes: number[] = [];
    for (let i = 0; i < 400; i++) {
      window.answered('GET /pets', window.size * (50 + ((i * 97) % 251)), window.size);
      sizes.push(window.size);
    }
    // Half again as slow is let pass (latency varies): three in flight answer 1.5x as slow as two.
    expect(Math.max(...sizes.slice(100))).toBeLessThanOrEqual(6);
  });

  it('halves when the target says it is overloaded (429, 503), once a burst, and grows no more past three quarters of where it was', () => {
    const window = new LoadWindow(32);
    for (let i = 0; i < 18; i++) window.answered('GET /pets', 10);
    expect(window.size).toBe(20);
    window.overloaded();
    expect(window.size).toBe(10);
    // The rest of the same burst: one overload.
    for (let i = 0; i < 5; i++) window.overloaded();
    expect(window.size).toBe(10);
    for (let i = 0; i < 500; i++) window.answered('GET /pets', 10);
    expect(window.size).toBe(15);
  });

  it("judges each route by its own best: a slow route does not shrink a fast one's window", () => {
    const window = new LoadWindow(8);
    for (let i = 0; i < 50; i++) {
      window.answered('GET /pets', 5);
      window.answered('POST /pets', 300);
    }
    expect(window.size).toBe(8);
  });
});

/** A target that serves one request at a time, `ms` each, and notes how many it held at once. */
function serial(ms: number) {
  let busyUntil = 0;
  let waiting = 0;
  let mostWaiting = 0;
  const client: HttpClient = {
    send: async () => {
      waiting++;
      mostWaiting = Math.max(mostWaiting, waiting);
      const start = Date.now();
      busyUntil = Math.max(busyUntil, start) + ms;
      await sleep(busyUntil - start);
      waiting--;
      return { ...exchange({ status: 200, json: [] }), durationMs: Date.now() - start };
    },
    close: async () => {},
  };
  return { client, mostWaiting: () => mostWaiting };
}

describe('a throttle with a load window', () => {
  it('gives a target that serves one request at a time about two requests, not the ceiling', async () => {
    const target = serial(100);
    const limited = throttle(target.client, { concurrency: 32 }, newSpend());
    await Promise.all(Array.from({ length: 30 }, () => limited.send(GET)));
    // Slow start overshoots once (the first rise in latency comes a round trip late, and is
    // judged from two answers), then it holds.
    expect(target.mostWaiting()).toBeLessThanOrEqual(8);
  });

  it('gives a target whose latency varies (20 to 120 ms) but that serves in parallel many requests at once', async () => {
    let inFlight = 0;
    let most = 0;
    let n = 0;
    const client: HttpClient = {
      send: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        const ms = 20 + ((n++ * 37) % 101);
        await sleep(ms);
        inFlight--;
        return { ...exchange({ status: 200, json: [] }), durationMs: ms };
      },
      close: async () => {},
    };
    const limited = throttle(client, { concurrency: 32 }, newSpend());
    await Promise.all(Array.from({ length: 300 }, () => limited.send(GET)));
    expect(most).toBeGreaterThanOrEqual(16);
  });

  it('lets requests sent together on purpose past the window, up to the ceiling and no further', async () => {
    for (const ceiling of [32, 4]) {
      const target = serial(20);
      const limited = throttle(target.client, { concurrency: ceiling }, newSpend());
      // The window starts at two: twelve together must all be at the target at once all the same.
      await Promise.all(Array.from({ length: 12 }, () => limited.send({ ...GET, together: true })));
      expect(target.mostWaiting()).toBe(Math.min(12, ceiling));
    }
  });

  it('stops sending to a route that hangs now and then, answering between: a few timeouts, not minutes', async () => {
    let n = 0;
    const client: HttpClient = {
      send: async (options) => {
        n++;
        if (n % 4 !== 0) return exchange({ status: 200, json: [] });
        await sleep(20);
        return {
          ...exchange({ error: 'no answer within 20 ms' }),
          request: { method: options.method, url: 'http://h/v1/pets', headers: {} },
        };
      },
      close: async () => {},
    };
    const spend = newSpend();
    const limited = throttle(client, { concurrency: 4 }, spend);
    const codes: string[] = [];
    for (let i = 0; i < 80; i++) codes.push((await limited.send(GET)).error?.code ?? 'answered');
    expect(codes.filter((c) => c === 'TIMEOUT')).toHaveLength(HUNG_LIMIT);
    expect(codes.at(-1)).toBe('UNRESPONSIVE');
    expect(n).toBe(4 * HUNG_LIMIT);
  });

  it('sends a request that ran out of time among others again, alone, and keeps both attempts', async () => {
    let inFlight = 0;
    const seenAlone: boolean[] = [];
    let first = true;
    const client: HttpClient = {
      send: async (o) => {
        inFlight++;
        const aloneAtStart = inFlight === 1;
        await sleep(10);
        const alone = aloneAtStart && inFlight === 1;
        inFlight--;
        if (o.path === '/pets/1') {
          seenAlone.push(alone);
          if (first) {
            first = false;
            return exchange({ error: 'no answer within 10 ms', code: 'TIMEOUT' });
          }
        }
        return exchange({ status: 200, json: [] });
      },
      close: async () => {},
    };
    const limited = throttle(client, { concurrency: 4 }, newSpend());
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) => limited.send({ method: 'GET', path: `/pets/${i}` })),
    );
    expect(seenAlone).toEqual([false, true]);
    const retried = answers[0] as Exchange;
    expect(retried.response?.status).toBe(200);
    expect(retried.earlier?.[0]?.error.code).toBe('TIMEOUT');
  });

  it('sends no more requests again alone once its route has hung alone: a hang stays bounded', async () => {
    let sent = 0;
    const client: HttpClient = {
      send: async () => {
        sent++;
        await sleep(5);
        return exchange({ error: 'no answer within 5 ms', code: 'TIMEOUT' });
      },
      close: async () => {},
    };
    const limited = throttle(client, { concurrency: 8 }, newSpend());
    const answers = await Promise.all(Array.from({ length: 12 }, () => limited.send(GET)));
    // Two went together (the window's start); the first sent again alone hung too, so the
    // second counts at once; one more alone makes three in a row, and the route is given up.
    expect(sent).toBe(4);
    expect(answers.filter((ex) => ex.error?.code === 'UNRESPONSIVE')).toHaveLength(9);
  });

  it('does not send again a request that ran out of time alone: that is a hang', async () => {
    let sent = 0;
    const client: HttpClient = {
      send: async () => {
        sent++;
        return exchange({ error: 'no answer within 5 ms', code: 'TIMEOUT' });
      },
      close: async () => {},
    };
    const limited = throttle(client, { concurrency: 4 }, newSpend());
    const ex = await limited.send(GET);
    expect(sent).toBe(1);
    expect(ex.error?.code).toBe('TIMEOUT');
    expect(ex.earlier).toBeUndefined();
  });
});

describe('a connection closed under a request', () => {
  function failing(errors: Array<{ code: string; afterAnswerBegan?: true }>) {
    let sent = 0;
    const fresh: boolean[] = [];
    const gaps: (number | undefined)[] = [];
    const client: HttpClient = {
      send: async (options) => {
        fresh.push(options.freshConnection === true);
        gaps.push(options.pieceGapMs);
        const error = errors[sent++];
        return error
          ? {
              ...exchange({ status: 200 }),
              response: undefined,
              error: { message: 'other side closed', ...error },
            }
          : exchange({ status: 200, json: [] });
      },
      close: async () => {},
    };
    return { client: compose(client, retryingClosedConnections), sent: () => sent, fresh, gaps };
  }

  it('is sent again once, and both attempts are in the evidence', async () => {
    const target = failing([{ code: 'UND_ERR_SOCKET' }]);
    const ex = await target.client.send(GET);
    expect(target.sent()).toBe(2);
    expect(ex.response?.status).toBe(200);
    expect(ex.earlier?.[0]?.error.code).toBe('UND_ERR_SOCKET');
    // The second attempt on a connection of its own: an idle one of the pool may be closing too.
    expect(target.fresh).toEqual([false, true]);
  });

  it('gets every answer from a target that closes idle connections at once and every third on reuse', async () => {
    const variant = VARIANTS.find((v) => v.name === 'closes-idle-silently');
    if (!variant) throw new Error('no closes-idle-silently variant');
    const server = await startFault(variant, 'load-key');
    const client = compose(
      createClient({ baseUrl: server.baseUrl, apiKey: 'load-key', timeoutMs: 5000 }),
      retryingClosedConnections,
    );
    try {
      // Chunked bodies are written after the head: a long window for a close to cross them.
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          client.send({
            method: 'POST',
            path: '/pets',
            bodyChunks: ['{"name":"a",', '"categoryId":1}'],
          }),
        ),
      );
      expect(answers.map((ex) => ex.response?.status ?? ex.error?.code)).toEqual(
        answers.map(() => 201),
      );
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('only once: a second failure is the answer', async () => {
    const target = failing([{ code: 'ECONNRESET' }, { code: 'ECONNRESET' }]);
    const ex = await target.client.send(GET);
    expect(target.sent()).toBe(2);
    expect(ex.error?.code).toBe('ECONNRESET');
  });

  it('a body in pieces: five tries, each with a longer gap between the pieces', async () => {
    const epipe = { code: 'EPIPE' };
    const target = failing([epipe, epipe, epipe, epipe]);
    const ex = await target.client.send({ method: 'POST', path: '/pets', bodyChunks: ['{', '}'] });
    expect(target.sent()).toBe(5);
    expect(ex.response?.status).toBe(200);
    expect(target.gaps).toEqual([undefined, 50, 100, 200, 400]);
    expect(ex.earlier).toHaveLength(4);
  });

  it("not when the answer had begun: a body cut short is the target's", async () => {
    const target = failing([{ code: 'UND_ERR_SOCKET', afterAnswerBegan: true }]);
    const ex = await target.client.send(GET);
    expect(target.sent()).toBe(1);
    expect(ex.error?.code).toBe('UND_ERR_SOCKET');
  });
});
