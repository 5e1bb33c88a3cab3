import type { AppRequest, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { isObject, LIST, mapJson, matches, serverError } from './wrap.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds each request a few milliseconds, so that requests sent together overlap at the server;
 * `serve` is told how many requests `counted` picks out were in flight when it came, itself included.
 */
function overlapping(
  counted: (req: AppRequest) => boolean,
  serve: (req: AppRequest, crowd: number) => ReturnType<Handler>,
): Handler {
  let inFlight = 0;
  return async (req) => {
    const counts = counted(req);
    if (counts) inFlight++;
    try {
      const crowd = inFlight;
      await pause(5);
      return await serve(req, crowd);
    } finally {
      if (counts) inFlight--;
    }
  };
}

const anyRequest = () => true;
const isCreate = (req: AppRequest) => matches(req, 'POST', LIST);

/**
 * Services that break only when several requests arrive at once: a loaded machine's load window
 * holds two or three in flight, so only a burst sent on purpose shows them (RUN-AT-ONCE).
 */
export const AT_ONCE_FAULTS: readonly Fault[] = [
  {
    name: 'crowd-500',
    description: 'Answers 500 to a request that arrives while 4 or more others are in flight.',
    caughtBy: ['RUN-AT-ONCE'],
    wrap: (app) => overlapping(anyRequest, (req, crowd) => (crowd >= 5 ? serverError() : app(req))),
  },
  {
    name: 'crowd-same-id',
    description:
      'A createPet that arrives while another is in flight is answered with the id the last createPet got (an id counter read and written apart).',
    caughtBy: ['RUN-AT-ONCE'],
    wrap: (app) => {
      let lastId: unknown;
      return overlapping(isCreate, async (req, crowd) => {
        if (!isCreate(req)) return app(req);
        const res = await app(req);
        if (res.status !== 201 || !isObject(res.json)) return res;
        if (crowd > 1 && lastId !== undefined)
          return mapJson(res, (pet) => ({ ...(pet as object), id: lastId }));
        lastId = res.json.id;
        return res;
      });
    },
  },
  {
    name: 'crowd-lost',
    description:
      'A createPet that arrives while another is in flight is answered 201 with a new id, but the pet is never stored.',
    caughtBy: ['RUN-AT-ONCE'],
    wrap: (app) => {
      let made = 9_000_000;
      return overlapping(isCreate, async (req, crowd) => {
        if (!isCreate(req) || crowd === 1) return app(req);
        const body = JSON.parse(req.body || '{}') as Record<string, unknown>;
        return { status: 201, json: { ...body, id: made++ } };
      });
    },
  },
];
