import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import { PetStore, type StoredPet } from '../../src/reference/store.ts';
import type { Fault } from './types.ts';
import {
  asksGzip,
  bigIntOf,
  errorOf,
  isObject,
  jsonText,
  LIST,
  labelledGzip,
  mapJson,
  matches,
  onRequest,
  onResponse,
  parsedBody,
  rewriteJsonBody,
  serverError,
  withKey,
} from './wrap.ts';

/**
 * Servers broken where a request carries what real clients and stores bring along: headers of
 * browsers and proxies, parameters and members other APIs give a meaning, words a JavaScript
 * object already holds, pets that share a name, pages past a buffer, values at the int64 edges.
 */

type Json = Record<string, unknown>;

/** A store a broken server deletes from. */
class DeletingStore extends PetStore {
  remove(id: string): void {
    this.pets.delete(id);
  }
}

/** The statuses a store keyed by a plain object, or a later release, takes beside the three. */
const TAKEN_STATUSES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'adopted'];

/** The statuses by their ordinals, as a store that keeps numbers reads digit strings. */
const ORDINALS: Record<string, string> = { '0': 'available', '1': 'pending', '2': 'sold' };

/** The names a name index kept in a plain object cannot take. */
const INHERITED_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

/** The JSON body of a createPet, when it is an object. */
const bodyOf = (req: AppRequest): Json | undefined => {
  const body = parsedBody(req);
  return isObject(body) ? body : undefined;
};

/** The request carries the right key (as the reference reads it). */
const keyed = (req: AppRequest, apiKey: string) => req.headers.authorization === `Bearer ${apiKey}`;

/** A store that puts a pet under an id a client chose, over the pet that had it. */
class UpsertStore extends PetStore {
  put(pet: StoredPet): void {
    this.pets.set(pet.id.toString(), pet);
  }
}

/** Each pet of a page with `fn` applied, the page otherwise as it was. */
const onPages = (app: Handler, fn: (pet: Json) => Json): Handler =>
  onResponse(app, 'GET', LIST, (res) =>
    mapJson(res, (json) =>
      Array.isArray(json) ? json.map((p) => (isObject(p) ? fn(p) : p)) : json,
    ),
  );

/** The page's JSON text rewritten (a writer of its own): status and headers as they were. */
const onPageText = (app: Handler, fn: (text: string) => string | Buffer): Handler =>
  onResponse(app, 'GET', LIST, (res) =>
    res.status === 200 && res.json !== undefined
      ? { status: 200, headers: res.headers ?? {}, raw: fn(jsonText(res.json)) }
      : res,
  );

/** A createPet whose categoryId a binder reads from `read` (when it finds one) before the reference sees it. */
const categoryReadAs = (app: Handler, read: (body: Json) => bigint | undefined): Handler =>
  onRequest(app, 'POST', LIST, (req) =>
    rewriteJsonBody(req, (b) => {
      const id = read(b);
      return id === undefined ? b : { ...b, categoryId: id };
    }),
  );

export const CLIENT_HABIT_FAULTS: readonly Fault[] = [
  {
    name: 'gzip-despite-q0',
    description:
      'Compresses when Accept-Encoding merely names gzip: gzip;q=0, identity (gzip refused, RFC 9110 12.5.3) gets gzip octets too.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '') ? labelledGzip(res) : res;
    },
  },
  {
    name: 'gzip-for-any-coding',
    description:
      'Compresses with gzip whenever Accept-Encoding names any coding but identity: a client that accepts br alone, or deflate alone, gets gzip it cannot read.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const accepted = req.headers['accept-encoding'] ?? 'identity';
      return accepted.trim().toLowerCase() !== 'identity' ? labelledGzip(res) : res;
    },
  },
  {
    name: 'gzip-label-on-small-bodies',
    description:
      'Labels every answer to a request that accepts gzip Content-Encoding: gzip before it knows the size, then leaves bodies under 1 KiB uncompressed: a client that asked for gzip cannot read a 404 Error or a short page.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return asksGzip(req) ? labelledGzip(res, (length) => length >= 1024) : res;
    },
  },
  {
    name: 'expect-continue-skips-key',
    description:
      'Handles a request with Expect: 100-continue (curl’s large uploads) on a path of its own that has no key check: such a createPet without the key is served (201).',
    caughtBy: ['EQUIV-FIELDS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(req.headers.expect ? withKey(req, apiKey) : req),
  },
  {
    name: 'expect-417-plain',
    description:
      'Meets no expectation, as lighttpd 1.4 did: a request with Expect: 100-continue gets 417 with a text/plain body, not an Error.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => (req) =>
      req.headers.expect
        ? { status: 417, headers: { 'content-type': 'text/plain' }, raw: 'Expectation Failed' }
        : app(req),
  },
  {
    name: 'idempotency-key-replays-any-body',
    description:
      'Keeps the first answer to each Idempotency-Key and replays it for any later createPet with that key, without comparing the bodies: a different NewPet gets 201 with the first pet, and nothing is added.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) => {
      const first = new Map<string, AppResponse>();
      return async (req) => {
        const key = matches(req, 'POST', LIST) ? req.headers['idempotency-key'] : undefined;
        if (!key) return app(req);
        const kept = first.get(key);
        if (kept) return kept;
        const res = await app(req);
        if (res.status === 201) first.set(key, res);
        return res;
      };
    },
  },
  {
    name: 'request-coding-500',
    description:
      'Inflates a createPet body with any Content-Encoding as gzip without catching the error: a body in deflate gets 500.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: (app) => (req) => {
      const coding = req.headers['content-encoding']?.toLowerCase();
      return coding && coding !== 'identity' && coding !== 'gzip' ? serverError() : app(req);
    },
  },
  {
    name: 'status-words-taken',
    description:
      'Takes a status that is a member every JavaScript object has (constructor, __proto__, toString, hasOwnProperty: a check `status in STATUSES` over a plain object) or the adopted of a later release: 201, the status echoed.',
    caughtBy: ['CREATE-400-STATUS-ENUM'],
    wrap: (app) => async (req) => {
      const body = matches(req, 'POST', LIST) ? bodyOf(req) : undefined;
      const status = body?.status;
      if (typeof status !== 'string' || !TAKEN_STATUSES.includes(status)) return app(req);
      const res = await app(rewriteJsonBody(req, ({ status: _s, ...rest }) => rest));
      return res.status === 201 ? mapJson(res, (json) => ({ ...(json as Json), status })) : res;
    },
  },
  {
    name: 'status-ordinal-digits',
    description:
      'Keeps statuses as their ordinals and reads a digit string as one: status "1" is taken as pending (201).',
    caughtBy: ['CREATE-400-STATUS-ENUM'],
    wrap: (app) => (req) => {
      const status = matches(req, 'POST', LIST) ? bodyOf(req)?.status : undefined;
      const word = typeof status === 'string' ? ORDINALS[status] : undefined;
      return word ? app(rewriteJsonBody(req, (body) => ({ ...body, status: word }))) : app(req);
    },
  },
  {
    name: 'lenient-json-numbers',
    description:
      'Reads JSON numbers as JavaScript does: a categoryId written 007, +5 or .5 is taken (201), though JSON has no such numbers.',
    caughtBy: ['CREATE-400-MALFORMED-JSON'],
    wrap: (app) => (req) => {
      if (!matches(req, 'POST', LIST)) return app(req);
      const body = req.body.replace(/("categoryId":)(?:0+(?=\d)|\+)(\d+)/, '$1$2');
      return app(body === req.body ? req : { ...req, body });
    },
  },
  {
    name: 'prefer-page-size-uncapped',
    description:
      'Takes an OData-style Prefer: maxpagesize=N as the page size when the query has no limit (capped at 100): a page of 100 pets where the default limit, 20, is owed.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) => (req) => {
      const size = /maxpagesize=(\d+)/i.exec(req.headers.prefer ?? '')?.[1];
      if (!size || !matches(req, 'GET', LIST) || req.query.has('limit')) return app(req);
      const query = new URLSearchParams(req.query);
      query.set('limit', String(Math.min(Number(size), 100)));
      return app({ ...req, query });
    },
  },
  {
    name: 'if-none-match-any-304',
    description:
      'A caching step answers 304 to any GET with the key that carries If-None-Match, without comparing the tag: a client with a stale copy is told it is current.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        req.method === 'GET' &&
        req.headers['if-none-match'] !== undefined &&
        req.headers.authorization === `Bearer ${apiKey}`
          ? { status: 304, raw: '', headers: { 'content-type': '' } }
          : app(req),
  },
  {
    name: 'long-url-414-html',
    description:
      'A front (nginx’s default 8 KiB) refuses a request target past 8 KiB with its own 414 page (text/html), not the Error body.',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) => (req) =>
      (req.target ?? req.path).length > 8192
        ? {
            status: 414,
            raw: '<html><center><h1>414 Request-URI Too Large</h1></center></html>',
            headers: { 'content-type': 'text/html' },
          }
        : app(req),
  },
  {
    name: 'client-id-replaces-existing',
    description:
      'Reads a NewPet’s id as a replace: the pet with that id is deleted, and the NewPet is created with a new id (201).',
    caughtBy: ['CREATE-CLIENT-ID'],
    wrap: (_app, ctx) => {
      const store = new DeletingStore();
      const app = ctx.reference({ store });
      return (req) => {
        const id = matches(req, 'POST', LIST) ? bodyOf(req)?.id : undefined;
        if (typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint')
          store.remove(String(id));
        return app(req);
      };
    },
  },
  {
    name: 'rate-limit-after-store',
    description:
      'Its rate limiter runs after the handler: every tenth createPet with the key is stored, then answered 429 with Retry-After: 0 and an Error. A client that sends it again, as the 429 invites, adds the animal twice.',
    caughtBy: ['RUN-LIMIT-NO-EFFECT'],
    wrap: (app, { apiKey }) => {
      let creates = 0;
      return async (req) => {
        const res = await app(req);
        const keyed = req.headers.authorization === `Bearer ${apiKey}`;
        if (!matches(req, 'POST', LIST) || !keyed || res.status !== 201) return res;
        if (++creates % 10 !== 0) return res;
        const refusal = errorOf(429, 'rate_limited', 'Too many requests.');
        return { ...refusal, headers: { ...refusal.headers, 'retry-after': '0' } };
      };
    },
  },
  {
    name: 'nameless-create-stored',
    description:
      'Validates a NewPet after storing it: a body without a name, or with one that is no string, is answered 400 but stored, its name the empty string or the value’s text.',
    caughtBy: ['RUN-400-NO-EFFECT'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const body = matches(req, 'POST', LIST) ? bodyOf(req) : undefined;
        const keyed = req.headers.authorization === `Bearer ${apiKey}`;
        if (!body || !keyed || typeof body.name === 'string' || !('categoryId' in body))
          return app(req);
        await app(rewriteJsonBody(req, (b) => ({ ...b, name: String(b.name ?? '') })));
        return errorOf(400, 'invalid_body', 'name is required and must be a string.');
      },
  },
  {
    name: 'name-index-inherited-500',
    description:
      'Keeps a name index in a plain object: a pet named constructor, __proto__, toString or hasOwnProperty meets an inherited member instead of a list, and createPet answers 500.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => (req) => {
      const name = matches(req, 'POST', LIST) ? bodyOf(req)?.name : undefined;
      return typeof name === 'string' && INHERITED_NAMES.includes(name) ? serverError() : app(req);
    },
  },
  {
    name: 'categoryid-array-unwrapped',
    description:
      'Reads a categoryId of one integer in an array ([7]) as that integer, as a binder that unwraps single values does: 201 where 400 is owed.',
    caughtBy: ['CREATE-400-CATEGORY-TYPE'],
    wrap: (app) =>
      categoryReadAs(app, (b) =>
        Array.isArray(b.categoryId) && b.categoryId.length === 1
          ? bigIntOf(b.categoryId[0])
          : undefined,
      ),
  },
  {
    name: 'client-id-other-case-upsert',
    description:
      'Drops a client’s `id` member by its exact name, but saves through a mapper that folds case: a NewPet with `ID`, `Id` or `_id` naming an existing pet is stored under that id, over the pet that had it (201 with that id).',
    caughtBy: ['CREATE-CLIENT-ID'],
    wrap: (_app, ctx) => {
      const store = new UpsertStore();
      const app = ctx.reference({ store });
      return async (req) => {
        const body = matches(req, 'POST', LIST) ? bodyOf(req) : undefined;
        const raw = body?.ID ?? body?.Id ?? body?._id;
        const id = typeof raw === 'string' && /^\d+$/.test(raw) ? BigInt(raw) : bigIntOf(raw);
        if (id === undefined || !body || !keyed(req, ctx.apiKey)) return app(req);
        const res = await app(req);
        if (res.status !== 201 || !isObject(res.json)) return res;
        const pet = { ...(res.json as unknown as StoredPet), id };
        store.put(pet);
        return { ...res, json: pet };
      };
    },
  },
  {
    name: 'legacy-category-object-wins',
    description:
      'Still reads the original Swagger Petstore’s `category` object: a NewPet with both categoryId and category {id} is stored and echoed with category.id as its categoryId.',
    caughtBy: ['CREATE-EXTRA-FIELDS'],
    wrap: (app) =>
      categoryReadAs(app, (b) => (isObject(b.category) ? bigIntOf(b.category.id) : undefined)),
  },
  {
    name: 'jsonp-callback-page',
    description:
      'Wraps a listPets page in a JSONP call when the query names a callback (callback= or jsonp=): 200 with application/javascript, no JSON.',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const callback = req.query.get('callback') ?? req.query.get('jsonp');
      if (!matches(req, 'GET', LIST) || !callback || res.status !== 200) return res;
      return {
        status: 200,
        headers: { 'content-type': 'application/javascript' },
        raw: `${callback}(${jsonText(res.json)});`,
      };
    },
  },
  {
    name: 'localized-errors-without-code',
    description:
      'Writes its 400 and 404 Errors through a translator when the request carries Accept-Language, whose template forgot `code` (the 401 is not translated).',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!req.headers['accept-language'] || ![400, 404].includes(res.status)) return res;
      return mapJson(res, (json) => {
        const { code: _c, ...rest } = json as Json;
        return { ...rest, message: 'Anfrage ungültig.' };
      });
    },
  },
  {
    name: 'accept-charset-latin1',
    description:
      'Writes its JSON in ISO-8859-1 when Accept-Charset prefers it (application/json; charset=ISO-8859-1): a name beyond ASCII comes as octets that are no UTF-8, those past U+00FF as ?.',
    caughtBy: ['EQUIV-FIELDS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const latin = /^\s*iso-8859-1/i.test(req.headers['accept-charset'] ?? '');
      if (!latin || res.json === undefined) return res;
      const text = [...jsonText(res.json)]
        .map((c) => ((c.codePointAt(0) ?? 0) > 0xff ? '?' : c))
        .join('');
      return {
        status: res.status,
        headers: { ...res.headers, 'content-type': 'application/json; charset=ISO-8859-1' },
        raw: Buffer.from(text, 'latin1'),
      };
    },
  },
  {
    name: 'proxy-identity-trusted',
    description:
      'Trusts the user an authenticating proxy names (X-Forwarded-User, X-Auth-Request-User, Remote-User), though nothing in front of it sets them: such a request is served without the key.',
    caughtBy: ['AUTH-LIST-NO-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const h = req.headers;
        const named = h['x-forwarded-user'] ?? h['x-auth-request-user'] ?? h['remote-user'];
        return app(named ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'original-url-health-skips-key',
    description:
      'Decides whether a path is public from X-Original-URL or X-Rewrite-URL when present (a rewriting proxy’s), and routes by the request line: /v1/pets with X-Original-URL: /health is served without the key.',
    caughtBy: ['AUTH-LIST-NO-KEY'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const path = req.headers['x-original-url'] ?? req.headers['x-rewrite-url'];
        return app(path === '/health' ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'large-body-stored-before-key',
    description:
      'Hands a createPet body of 32 KiB or more to an ingest worker that stores it while the key is checked apart: without the key it answers 401, and the pet is stored all the same.',
    caughtBy: ['RUN-401-NO-EFFECT'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const large = matches(req, 'POST', LIST) && Buffer.byteLength(req.body) >= 32 * 1024;
        if (!large || keyed(req, apiKey)) return app(req);
        await app(withKey(req, apiKey));
        return errorOf(401, 'unauthorized', 'Missing or invalid API key.');
      },
  },
  {
    name: 'int64-checked-after-insert',
    description:
      'Stores a NewPet whose categoryId is just past int64 (a wider column takes it; here kept at the bound) before its int64 check, which then answers 400 without undoing the insert.',
    caughtBy: ['RUN-400-NO-EFFECT'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const body = matches(req, 'POST', LIST) && keyed(req, apiKey) ? bodyOf(req) : undefined;
        const id = bigIntOf(body?.categoryId);
        const past = id !== undefined && (id > 2n ** 63n - 1n || id < -(2n ** 63n));
        if (!past) return app(req);
        const clamped = id > 0n ? 2n ** 63n - 1n : -(2n ** 63n);
        await app(rewriteJsonBody(req, (b) => ({ ...b, categoryId: clamped })));
        return errorOf(400, 'invalid_body', 'categoryId is not an int64.');
      },
  },
  {
    name: 'list-writes-int64-min-negated',
    description:
      'Writes listPets pages with a number writer of its own that prints -2^63 by negating its magnitude: --9223372036854775808, no JSON. getPet and createPet write it right.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) =>
      onPageText(app, (text) => text.replaceAll('-9223372036854775808', '--9223372036854775808')),
  },
  {
    name: 'list-empty-name-as-null',
    description:
      'Shows a pet whose name is the empty string with "name": null in listPets pages (a falsy value written as null); getPet shows "".',
    caughtBy: ['LIST-LIMIT-MAX'],
    wrap: (app) => onPages(app, (pet) => (pet.name === '' ? { ...pet, name: null } : pet)),
  },
  {
    name: 'list-status-by-name',
    description:
      'Shows each listed pet with the status of the pet created last with its name (a cache keyed by name): pets sharing a name show one status in pages, even in a page filtered by another. getPet reads the pet’s own.',
    caughtBy: ['LIST-LIMIT-STATUS'],
    wrap: (app) => {
      const byName = new Map<unknown, unknown>();
      return async (req) => {
        const res = await app(req);
        if (matches(req, 'POST', LIST) && res.status === 201 && isObject(res.json))
          byName.set(res.json.name, res.json.status);
        if (!matches(req, 'GET', LIST)) return res;
        return mapJson(res, (json) =>
          Array.isArray(json)
            ? json.map((p) => {
                const status = isObject(p) ? byName.get(p.name) : undefined;
                return status === undefined ? p : { ...(p as Json), status };
              })
            : json,
        );
      };
    },
  },
  {
    name: 'list-cut-at-64k',
    description:
      'Writes listPets pages into a buffer of 64 KiB and sends what fit: a page whose JSON text is longer is cut short, framed by the cut length.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) =>
      onPageText(app, (text): string | Buffer => {
        const octets = Buffer.from(text);
        return octets.length > 65_536 ? octets.subarray(0, 65_536) : text;
      }),
  },
];
