import { PET_STATUSES } from '../../src/contract/contract.ts';
import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import { parseNewPet } from '../../src/reference/new-pet.ts';
import {
  AnyOrderStore,
  HoldingStore,
  KeysetWindowStore,
  LaggingIndexStore,
  SettlingStore,
  SharedStore,
  StockedStore,
  TransitionStore,
} from './freedom-stores.ts';
import type { ServerVariant } from './types.ts';
import {
  errorOf,
  ITEM,
  isObject,
  jsonText,
  LIST,
  mapJson,
  matches,
  parsedBody,
  withKey,
} from './wrap.ts';

/**
 * One conformant server per freedom of the contract ("not shown", docs/contract.md) that changes
 * what a client observes, each using it as far as the contract allows. All must pass.
 */

const authorized = (req: AppRequest, apiKey: string) =>
  req.headers.authorization === `Bearer ${apiKey}`;

const isPet = (v: unknown): v is Record<string, unknown> => isObject(v) && 'id' in v;

/** Adds fields of its own to every Pet and Error, and a category object beside categoryId. */
function decorated(res: AppResponse): AppResponse {
  const pet = (p: unknown) =>
    isPet(p)
      ? {
          ...p,
          category: { id: p.categoryId, name: `Category ${String(p.categoryId)}` },
          tags: [],
          photoUrls: ['https://petstore.example/photos/1.jpg'],
        }
      : p;
  return mapJson(res, (json) => {
    if (Array.isArray(json)) return json.map(pet);
    if (res.status >= 400 && isObject(json))
      return { ...json, details: [{ reason: 'see message' }], traceId: 'trace-1' };
    return pet(json);
  });
}

/** Error codes of every shape a string allows, in turn. */
const CODES = ['', '0', 'E-4711', 'ÜNGÜLTIG 名前', 'x'.repeat(300), 'unauthorized'];

/** Query parameters listPets defines. */
const LIST_PARAMS = ['limit', 'status'];

/** A new pet's status when none was sent, in turn: none, available, pending, sold. */
function defaultStatuses(app: Handler, apiKey: string): Handler {
  let created = 0;
  return (req) => {
    const body = parsedBody(req);
    if (
      !matches(req, 'POST', LIST) ||
      !authorized(req, apiKey) ||
      !isObject(body) ||
      'status' in body ||
      !parseNewPet(req.body).ok
    )
      return app(req);
    const status = [undefined, ...PET_STATUSES][created++ % 4];
    // Written into the text as it came, not parsed and written again: a NewPet with an extra
    // member nested 5000 deep overflowed the stack of a recursive writer now and then (a 500
    // of this server's own, which ROBUST-CREATE-TEXT rightly failed).
    const withStatus = req.body.replace('{', `{"status":${JSON.stringify(status)},`);
    return app(status ? { ...req, body: withStatus } : req);
  };
}

export const FREEDOM_VARIANTS: readonly ServerVariant[] = [
  {
    name: 'extra-fields-everywhere',
    description:
      'Adds fields of its own to every Pet (a category object, tags, photoUrls) and every Error (details, traceId).',
    wrap: (app) => async (req) => decorated(await app(req)),
  },
  {
    name: 'default-status-any',
    description:
      'Gives a pet created without status none, available, pending or sold, in turn (the default is not shown).',
    wrap: (app, { apiKey }) => defaultStatuses(app, apiKey),
  },
  {
    name: 'status-transitions',
    description:
      "Moves every pet's status on by itself, one step a second from its creation: none, available, pending, sold (transitions are not shown).",
    wrap: (_app, ctx) => ctx.reference({ store: new TransitionStore(1000) }),
  },
  {
    name: 'status-transitions-fast',
    description:
      "Moves every pet's status on by itself every 150 ms from its creation: none, available, pending, sold, so a pet is seldom still of the status it was created with when a listing asks for it (transitions are not shown).",
    wrap: (_app, ctx) => ctx.reference({ store: new TransitionStore(150) }),
  },
  {
    name: 'status-settles-available',
    description:
      'Makes every pet available 20 ms after its creation, whatever status it was created with: a listing of pending or sold pets is empty unless one was created just before (transitions are not shown).',
    wrap: (_app, ctx) => ctx.reference({ store: new SettlingStore(20) }),
  },
  {
    name: 'status-held-and-given-back',
    description:
      'Holds every pet in another status (pending, or available for a pending pet) for 15 ms of every 45, then gives it back its own, again and again (a pet without a status keeps none): a status goes away and comes back by itself (transitions are not shown).',
    wrap: (_app, ctx) => ctx.reference({ store: new HoldingStore(15) }),
  },
  {
    name: 'pages-any-order-any-length',
    description:
      'Lists the pets of the status asked for in a new random order each call, pages cut at a random length from 1 to limit, with a next link.',
    wrap: (_app, ctx) => {
      const app = ctx.reference({ store: new AnyOrderStore() });
      return async (req) => {
        const res = await app(req);
        if (!matches(req, 'GET', LIST) || res.status !== 200) return res;
        const link = '</v1/pets?cursor=b3BhcXVl>; rel="next"';
        return { ...res, headers: { ...res.headers, link } };
      };
    },
  },
  {
    name: 'pages-by-key-window',
    description:
      'Pages by keys: a page is what the first 4 pets in creation order hold of the status asked for (short, or empty, while pets of that status lie further on), with a next link while the store holds more.',
    wrap: (_app, ctx) => {
      const store = new KeysetWindowStore(4);
      const app = ctx.reference({ store });
      return async (req) => {
        const res = await app(req);
        if (!matches(req, 'GET', LIST) || res.status !== 200 || !store.goesOn()) return res;
        const link = '</v1/pets?after=4>; rel="next"';
        return { ...res, headers: { ...res.headers, link } };
      };
    },
  },
  {
    name: 'other-client-writing',
    description:
      'Another client, with a key of its own, creates pets and renames, re-statuses, re-categorises and deletes any pet (the run’s own too) through operations the contract does not show, one write in three requests.',
    wrap: (_app, ctx) => {
      const store = new SharedStore();
      const app = ctx.reference({ store });
      const otherKey = 'other-client-key-5f3a';
      let n = 0;
      const create = () => {
        const body = jsonText({ name: `another client's pet ${n}`, categoryId: n });
        const req: AppRequest = {
          method: 'POST',
          path: '/v1/pets',
          query: new URLSearchParams(),
          headers: { authorization: `Bearer ${otherKey}` },
          body,
        };
        void app(withKey(req, ctx.apiKey));
      };
      return (req) => {
        n++;
        store.step(create);
        return app(
          req.headers.authorization === `Bearer ${otherKey}` ? withKey(req, ctx.apiKey) : req,
        );
      };
    },
  },
  {
    name: 'index-learns-deletes-late',
    description:
      'Another client deletes a pet (the run’s own too) about one request in twelve, and listPets reads an index that learns of a deletion 400 ms late: meanwhile getPet answers 404 for a pet the list still shows.',
    wrap: (_app, ctx) => {
      const store = new LaggingIndexStore(400);
      const app = ctx.reference({ store });
      let n = 0;
      return (req) => {
        if (++n % 12 === 0) store.delete();
        return app(req);
      };
    },
  },
  {
    name: 'other-error-codes',
    description:
      'Gives every Error a code of another shape in turn: empty, digits, Unicode, 300 characters long.',
    wrap: (app) => {
      let n = 0;
      return async (req) => {
        const res = await app(req);
        if (res.status < 400) return res;
        const code = CODES[n++ % CODES.length];
        return mapJson(res, (e) => (isObject(e) ? { ...e, code } : e));
      };
    },
  },
  {
    name: 'rate-limited-now-and-then',
    description:
      'Answers every 20th request 429 with an Error body and Retry-After: 0 (every 60th: an HTTP date, now), before any key check.',
    wrap: (app) => {
      let n = 0;
      return (req) => {
        n++;
        if (n % 20 !== 0) return app(req);
        const retryAfter = n % 60 === 0 ? new Date().toUTCString() : '0';
        const res = errorOf(429, 'too_many_requests', 'Slow down.');
        return { ...res, headers: { 'retry-after': retryAfter } };
      };
    },
  },
  {
    name: 'other-4xx-for-bad-input',
    description:
      'After the key check, answers 400 to unknown query parameters, 422 to a limit or status outside the rules, 404 to a petId that is not an int64, and 409 to a NewPet with unknown fields.',
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        if (!authorized(req, apiKey)) return app(req);
        if (
          matches(req, 'GET', LIST) &&
          [...req.query.keys()].some((k) => !LIST_PARAMS.includes(k))
        )
          return errorOf(400, 'unknown_parameter', 'Unknown query parameter.');
        const body = parsedBody(req);
        if (
          matches(req, 'POST', LIST) &&
          isObject(body) &&
          parseNewPet(req.body).ok &&
          Object.keys(body).some((k) => !['name', 'categoryId', 'status'].includes(k))
        )
          return errorOf(409, 'unknown_field', 'Unknown field.');
        const res = await app(req);
        if (res.status !== 400) return res;
        if (matches(req, 'GET', LIST)) return errorOf(422, 'invalid_parameter', 'Invalid.');
        if (matches(req, 'GET', ITEM)) return errorOf(404, 'not_found', 'No such pet.');
        return res;
      },
  },
  {
    name: 'many-pets-oldest-first',
    description:
      'Holds 1000 pets of other clients before the run (a few named as another run marks refused writes), listed oldest first: the run never sees its own pets in an unfiltered page.',
    wrap: (_app, ctx) => ctx.reference({ store: new StockedStore(1000, false) }),
  },
  {
    name: 'many-pets-newest-first',
    description:
      'Holds 1000 pets of other clients before the run (a few named as another run marks refused writes), listed newest first.',
    wrap: (_app, ctx) => ctx.reference({ store: new StockedStore(1000, true) }),
  },
  {
    name: 'deprecation-notice-any',
    description:
      'Warns of getPet’s removal with a Warning header and a deprecated field in the body, and sends no Deprecation, Sunset or Link header.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!matches(req, 'GET', ITEM)) return res;
      const { deprecation: _d, sunset: _s, link: _l, ...headers } = res.headers ?? {};
      const warning = '299 - "GET /pets/{petId} is deprecated; use GET /pets?status="';
      const withField =
        res.status === 200 ? mapJson(res, (p) => ({ ...(p as object), deprecated: true })) : res;
      return { ...withField, headers: { ...headers, warning } };
    },
  },
];
