import type { AppResponse, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { LIST, matches } from './wrap.ts';

/**
 * Every `every`-th request (the first at `first`) answered 429 with Retry-After and `answer`'s
 * body, before any key check: the harness waits each out and sends again, and the 429 itself
 * is an error response, owed an Error body repeating its status.
 */
function throttlingWith(app: Handler, answer: () => AppResponse, first = 2, every = 40): Handler {
  let n = 0;
  return (req) => {
    n++;
    if (n !== first && n % every !== 0) return app(req);
    // The first waits a second, as the red team's server did; the others none, to keep it short.
    const retryAfter = n === first ? '1' : '0';
    const res = answer();
    return { ...res, headers: { ...res.headers, 'retry-after': retryAfter } };
  };
}

const HTML = '<html><head><title>429 Too Many Requests</title></head><body>Slow down</body></html>';

/** Limit values of listPets the servers below break: one hangs, one is a 500. */
export const HANGING_LIMIT = '37';
export const FAILING_LIMIT = '63';

/**
 * Faults on the wire a check may never ask about: answers the throttle waits out (a 429 is an
 * error response all the same), and single values of a small domain (limit 1..100).
 */
export const WIRE_FAULTS: Fault[] = [
  {
    name: 'rate-limited-empty-body',
    description:
      'Answers the 2nd request and every 40th 429 with Retry-After (1 s, then 0) and no body at all: an error response without the Error body.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => throttlingWith(app, () => ({ status: 429, raw: '' })),
  },
  {
    name: 'rate-limited-html-body',
    description:
      'Answers the 2nd request and every 40th 429 with Retry-After (1 s, then 0) and an HTML page (text/html), not the Error body.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) =>
      throttlingWith(app, () => ({
        status: 429,
        raw: HTML,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      })),
  },
  {
    name: 'list-limit-37-hangs-63-fails',
    description: `Never answers listPets with limit=${HANGING_LIMIT}, and answers limit=${FAILING_LIMIT} with a 500; every other limit is served.`,
    caughtBy: ['LIST-LIMIT-RANGE'],
    wrap: (app) => async (req) => {
      if (!matches(req, 'GET', LIST)) return app(req);
      const limit = req.query.get('limit');
      if (limit === HANGING_LIMIT) return { status: 200, hang: true };
      if (limit === FAILING_LIMIT)
        return { status: 500, json: { code: 'internal', message: 'Boom.', status: 500 } };
      return app(req);
    },
  },
  {
    name: 'list-body-never-completes',
    description:
      'Answers listPets with the key 200, Content-Length: 3 and a 2-octet body [], and keeps the connection open: the body never completes.',
    caughtBy: ['LIST-200-PETS'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const res = await app(req);
        if (!matches(req, 'GET', LIST) || req.headers.authorization !== `Bearer ${apiKey}`)
          return res;
        if (res.status !== 200) return res;
        return {
          status: 200,
          raw: '[]',
          headers: { 'content-type': 'application/json', 'content-length': '3' },
        };
      },
  },
];
