import { LosslessNumber } from 'lossless-json';
import type { AppResponse, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { errorOf, ITEM, isObject, LIST, matches } from './wrap.ts';

/**
 * Servers whose answers do not agree with what they said before: caches that outlive the truth,
 * a repeated write that makes one animal of two, a query within the rules refused.
 */

const idOf = (path: string) => path.split('/').pop() ?? '';

/** Answers a createPet whose body repeats an earlier one itself, from the earlier answer. */
const onRepeatedBody =
  (answer: (earlier: AppResponse) => AppResponse) =>
  (app: Handler): Handler => {
    const seen = new Map<string, AppResponse>();
    return async (req) => {
      if (!matches(req, 'POST', LIST)) return app(req);
      const earlier = seen.get(req.body);
      if (earlier) return answer(earlier);
      const res = await app(req);
      if (res.status === 201) seen.set(req.body, res);
      return res;
    };
  };

export const OVER_TIME_FAULTS: readonly Fault[] = [
  {
    name: 'get-404-cached',
    description:
      'getPet remembers a 404 for an id for 10 s: a pet created meanwhile with that id is not found.',
    caughtBy: ['READ-BEFORE-AFTER'],
    wrap: (app) => {
      const missing = new Map<string, number>();
      return async (req) => {
        if (!matches(req, 'GET', ITEM)) return app(req);
        const id = idOf(req.path);
        const since = missing.get(id);
        if (since !== undefined && Date.now() - since < 10_000)
          return errorOf(404, 'not_found', `Pet ${id} could not be found.`);
        const res = await app(req);
        if (res.status === 404) missing.set(id, Date.now());
        return res;
      };
    },
  },
  {
    name: 'get-every-second-read-404',
    description: 'Answers every second read of the same pet 404 (a cache that evicts on read).',
    caughtBy: ['READ-REPEATED'],
    wrap: (app) => {
      const reads = new Map<string, number>();
      return async (req) => {
        const res = await app(req);
        if (!matches(req, 'GET', ITEM) || res.status !== 200) return res;
        const id = idOf(req.path);
        const n = (reads.get(id) ?? 0) + 1;
        reads.set(id, n);
        return n % 2 === 0 ? errorOf(404, 'not_found', `Pet ${id} could not be found.`) : res;
      };
    },
  },
  {
    name: 'get-repeat-304',
    description:
      'Answers a getPet repeated within 2 s with 304 Not Modified and no body, though the request asked for no validation.',
    caughtBy: ['READ-REPEATED'],
    wrap: (app) => {
      const last = new Map<string, number>();
      return async (req) => {
        if (!matches(req, 'GET', ITEM)) return app(req);
        const res = await app(req);
        const at = last.get(req.path);
        last.set(req.path, Date.now());
        return res.status === 200 && at !== undefined && Date.now() - at < 2000
          ? { status: 304, raw: '' }
          : res;
      };
    },
  },
  {
    name: 'hot-key-cache-double',
    description:
      'A pet read by getPet more than five times is served from a hot-key cache that keeps JSON numbers as doubles: from the sixth read on, a categoryId past 2^53 comes back as the nearest double.',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) => {
      const reads = new Map<string, number>();
      return async (req) => {
        if (!matches(req, 'GET', ITEM)) return app(req);
        const res = await app(req);
        const count = (reads.get(req.path) ?? 0) + 1;
        reads.set(req.path, count);
        if (res.status !== 200 || count <= 5 || !isObject(res.json)) return res;
        const categoryId = res.json.categoryId;
        if (typeof categoryId !== 'bigint') return res;
        // As JSON.stringify writes the double: 2^62 + 3 comes back as 4611686018427388000.
        const rounded = new LosslessNumber(String(Number(categoryId)));
        return { ...res, json: { ...res.json, categoryId: rounded } };
      };
    },
  },
  {
    name: 'create-dedupes-same-body',
    description:
      'Answers a createPet whose body repeats an earlier one with the earlier pet (201, the same id): one animal, not two.',
    caughtBy: ['CREATE-SAME-TWICE'],
    wrap: onRepeatedBody((earlier) => earlier),
  },
  {
    name: 'create-twin-not-stored',
    description:
      'Answers a createPet whose body repeats an earlier one with 201 and a new id, but stores nothing: that pet is never found.',
    caughtBy: ['CREATE-SAME-TWICE'],
    wrap: (app) => {
      let fake = 10n ** 15n;
      return onRepeatedBody((earlier) =>
        isObject(earlier.json) ? { ...earlier, json: { ...earlier.json, id: fake++ } } : earlier,
      )(app);
    },
  },
  {
    name: 'status-without-limit-422',
    description:
      'Answers listPets 422 to a status filter without a limit (a query within the rules, whose outcome the contract fixes).',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) => (req) =>
      matches(req, 'GET', LIST) &&
      req.query.has('status') &&
      !req.query.has('limit') &&
      req.headers.authorization
        ? errorOf(422, 'unprocessable', 'status needs a limit.')
        : app(req),
  },
];
