import type { Handler } from '../../src/reference/index.ts';
import type { ServerVariant } from './types.ts';

/** Serves one request at a time, each taking `ms`: the rest wait their turn at the server. */
export function oneAtATime(app: Handler, ms: number): Handler {
  let last: Promise<unknown> = Promise.resolve();
  return (req) => {
    const turn = last.then(async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return app(req);
    });
    last = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * Conformant servers that are slow, serial, short of connections or quick to close idle ones:
 * the contract says nothing of speed or connections, so the harness must adapt its load to
 * them and never blame them for its own queue (RFC 9112 9.8: a server may close an idle
 * connection at any time; 9.3.1.1: a client may send again a request it met closed).
 */
export const LOAD_VARIANTS: readonly ServerVariant[] = [
  {
    name: 'one-at-a-time',
    description: 'Serves one request at a time, 20 ms each; the rest wait their turn.',
    wrap: (app) => oneAtATime(app, 20),
  },
  {
    name: 'two-connections',
    description:
      'Serves at most 2 connections at once (more wait, unread), 5 ms a request, and closes a connection after its answer while others wait.',
    wrap: (app) => async (req) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return app(req);
    },
    listen: { maxConnections: 2 },
  },
  {
    name: 'closes-idle-silently',
    description:
      'Closes a kept-alive connection 2 ms after its last answer, with no Keep-Alive hint, and every 3rd connection just as its second request comes (the close crossed it): the request meets its connection closed before any answer.',
    wrap: (app) => app,
    listen: { idleCloseMs: 2, closeOnReuseEvery: 3 },
  },
  {
    name: 'closes-after-head',
    description:
      'Answers a HEAD with Connection: close and closes the connection (RFC 9112 9.6): a request sent after it on that connection meets it closed and is sent again.',
    wrap: (app) => app,
    listen: { closeAfterHead: true },
  },
  {
    name: 'refuses-before-the-body',
    description:
      'Answers a request without the valid key 401 as soon as its head has come, without reading its body, and closes the connection at once: a chunked body still on its way meets a closed connection.',
    wrap: (app) => app,
    listen: { refuseEarlyUnlessKey: true },
  },
  {
    name: 'refuses-large-bodies-early',
    description:
      'Answers a request whose body passes 1 MiB 413 with an Error body as soon as its head has come, without reading the body, and closes the connection at once (a proxy’s body size limit).',
    wrap: (app) => app,
    listen: { refuseLargerThan: 2 ** 20 },
  },
  {
    name: 'sheds-load-503',
    description:
      'Sheds load: while it holds 6 requests (2 ms of work each), another gets 503 with Retry-After: 1 and an Error body at once (5xx and rate limits are not shown).',
    wrap: (app) => {
      let held = 0;
      return async (req) => {
        if (held >= 6)
          return {
            status: 503,
            headers: { 'retry-after': '1' },
            json: { code: 'overloaded', message: 'Try again shortly.', status: 503 },
          };
        held++;
        try {
          await new Promise((resolve) => setTimeout(resolve, 2));
          return await app(req);
        } finally {
          held--;
        }
      };
    },
  },
  {
    name: 'jittery-latency',
    description:
      'Answers each request after 50 to 300 ms drawn at random, however many it holds (no queue: its latency varies, it does not grow with the load).',
    wrap: (app) => {
      let seed = 20261126;
      return async (req) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        await new Promise((resolve) => setTimeout(resolve, 50 + (seed % 251)));
        return app(req);
      };
    },
  },
  {
    name: 'slower-under-load',
    description:
      'Answers in 5 ms while it holds 4 requests or fewer, and 150 ms slower for each request it holds beyond 4 (a server that queues).',
    wrap: (app) => {
      let held = 0;
      return async (req) => {
        held++;
        const ms = 5 + 150 * Math.max(0, held - 4);
        await new Promise((resolve) => setTimeout(resolve, ms));
        held--;
        return app(req);
      };
    },
  },
];
