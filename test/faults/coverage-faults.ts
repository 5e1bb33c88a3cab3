import type { Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import {
  bigIntOf,
  ITEM,
  isObject,
  LIST,
  mapJson,
  onRequest,
  onResponse,
  rewriteJsonBody,
  serverError,
  withQuery,
} from './wrap.ts';

type Json = Record<string, unknown>;

/** What a strict decoder (decodeURIComponent) throws on: a malformed escape, or no UTF-8. */
function throwsOnDecode(text: string): boolean {
  try {
    decodeURIComponent(text);
    return false;
  } catch {
    return true;
  }
}

/** createPet storing (and answering) a name other than the one sent. */
/** createPet storing a name rewritten by `fn`: the 201 echoes the stored name. */
export const storesName = (app: Handler, fn: (name: string) => string): Handler =>
  onRequest(app, 'POST', LIST, (req) =>
    rewriteJsonBody(req, (b) => (typeof b.name === 'string' ? { ...b, name: fn(b.name) } : b)),
  );

/** createPet validating a status after rewriting it: near misses of a PetStatus get through. */
const rewritesStatus = (app: Handler, fn: (status: string) => string): Handler =>
  onRequest(app, 'POST', LIST, (req) =>
    rewriteJsonBody(req, (b) =>
      typeof b.status === 'string' ? { ...b, status: fn(b.status) } : b,
    ),
  );

const onListed = (app: Handler, fn: (pet: Json) => Json): Handler =>
  onResponse(app, 'GET', LIST, (res) =>
    res.status === 200 && Array.isArray(res.json)
      ? mapJson(res, (pets) => (pets as Json[]).map((p) => (isObject(p) ? fn(p) : p)))
      : res,
  );

/** An integer (a JS number or the reference's bigint) cut to 32 bits, as a C int would. */
const int32 = (n: unknown) => {
  const big = bigIntOf(n);
  return big === undefined ? n : BigInt.asIntN(32, big);
};

/** Parameters together, values servers mangle, and operations that disagree. */
export const COVERAGE_FAULTS: Fault[] = [
  {
    name: 'list-limit-ignored-with-status',
    description: 'Ignores limit when a status filter is set (answers up to 100).',
    caughtBy: ['LIST-LIMIT-STATUS'],
    wrap: (app) =>
      onRequest(app, 'GET', LIST, (req) =>
        req.query.get('status') ? withQuery(req, (q) => q.set('limit', '100')) : req,
      ),
  },
  {
    name: 'list-status-ignored-with-small-limit',
    description: 'Ignores the status filter when limit is below 20.',
    caughtBy: ['LIST-LIMIT-STATUS'],
    wrap: (app) =>
      onRequest(app, 'GET', LIST, (req) =>
        Number(req.query.get('limit') ?? 20) < 20 ? withQuery(req, (q) => q.delete('status')) : req,
      ),
  },
  {
    name: 'pct-decode-500-petid',
    description:
      'Decodes petId with a decoder that throws on a malformed escape or one that is no UTF-8 (/pets/%FF, /pets/%): 500.',
    caughtBy: ['GET-ID-NOT-INT64'],
    wrap: (app) => (req) => {
      const segment = /\/pets\/([^/]+)$/.exec(req.path)?.[1];
      if (req.method === 'GET' && segment !== undefined && throwsOnDecode(segment))
        return serverError();
      return app(req);
    },
  },
  {
    name: 'pct-decode-500-query',
    description:
      'Decodes the query with a decoder that throws on a malformed escape (?limit=%, ?status=%FF): 500.',
    caughtBy: ['LIST-LIMIT-INVALID', 'LIST-STATUS-INVALID'],
    wrap: (app) => (req) => {
      const query = req.target?.split('?')[1] ?? '';
      return req.method === 'GET' && throwsOnDecode(query) ? serverError() : app(req);
    },
  },
  {
    name: 'list-limit-before-filter',
    description:
      'Takes the first limit pets of the whole store, then filters them by status: a small page of one status is often empty while pets of it exist.',
    caughtBy: ['LIST-LIMIT-STATUS'],
    wrap: (app) => async (req) => {
      const status = req.query.get('status');
      if (req.method !== 'GET' || status === null || !/\/pets$/.test(req.path)) return app(req);
      const res = await app(withQuery(req, (q) => q.delete('status')));
      return res.status === 200 && Array.isArray(res.json)
        ? mapJson(res, (pets) => (pets as Json[]).filter((p) => p.status === status))
        : res;
    },
  },
  {
    name: 'list-limit-before-filter-behind-429',
    description:
      'As list-limit-before-filter, behind a limit on filtered listings: a query it has not seen before gets 429 with an Error body and no Retry-After (its cache warms), served when sent again.',
    caughtBy: ['LIST-LIMIT-STATUS'],
    wrap: (app) => {
      const seen = new Set<string>();
      return async (req) => {
        const status = req.query.get('status');
        if (req.method !== 'GET' || status === null || !/\/pets$/.test(req.path)) return app(req);
        const query = req.query.toString();
        if (!seen.has(query)) {
          seen.add(query);
          return { status: 429, json: { code: 'warming', message: 'Try again.', status: 429 } };
        }
        const res = await app(withQuery(req, (q) => q.delete('status')));
        return res.status === 200 && Array.isArray(res.json)
          ? mapJson(res, (pets) => (pets as Json[]).filter((p) => p.status === status))
          : res;
      };
    },
  },
  {
    name: 'create-name-trimmed',
    description: 'Trims leading and trailing whitespace off names.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => storesName(app, (name) => name.trim()),
  },
  {
    name: 'create-name-spaces-collapsed',
    description: 'Collapses runs of spaces inside names into one.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => storesName(app, (name) => name.replace(/ {2,}/g, ' ')),
  },
  {
    name: 'create-name-nul-dropped',
    description: 'Drops NUL characters from names (a C string underneath).',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => storesName(app, (name) => name.replaceAll('\u0000', '')),
  },
  {
    name: 'create-name-normalized',
    description: 'Stores names in Unicode NFC (combining marks composed).',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => storesName(app, (name) => name.normalize('NFC')),
  },
  {
    name: 'create-status-lowercased',
    description: 'Lower-cases status before validating it: "Sold" and "AVAILABLE" are accepted.',
    caughtBy: ['CREATE-400-STATUS-NEAR'],
    wrap: (app) => rewritesStatus(app, (s) => s.toLowerCase()),
  },
  {
    name: 'create-status-trimmed',
    description: 'Trims status before validating it: "available " is accepted.',
    caughtBy: ['CREATE-400-STATUS-NEAR'],
    wrap: (app) => rewritesStatus(app, (s) => s.trim()),
  },
  {
    name: 'ids-reused-after-100',
    description: 'Assigns ids from a counter of 100: the 101st pet gets id 1 again.',
    caughtBy: ['RUN-ID-UNIQUE'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res) =>
        res.status === 201
          ? mapJson(res, (pet) => ({
              ...(pet as Json),
              id: (((bigIntOf((pet as Json).id) ?? 1n) - 1n) % 100n) + 1n,
            }))
          : res,
      ),
  },
  {
    name: 'list-category-32-bit',
    description: 'listPets shows each categoryId cut to 32 bits; createPet and getPet are right.',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) => onListed(app, (pet) => ({ ...pet, categoryId: int32(pet.categoryId) })),
  },
  {
    name: 'list-name-trimmed',
    description: 'listPets shows names trimmed; createPet and getPet keep them.',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) =>
      onListed(app, (pet) => ({
        ...pet,
        name: typeof pet.name === 'string' ? pet.name.trim() : pet.name,
      })),
  },
  {
    name: 'get-forgets-older-pets',
    description: 'getPet answers 404 for every pet but the newest (they are still listed).',
    caughtBy: ['SUNSET-GET-LIFECYCLE'],
    wrap: (app) => {
      let newest: unknown;
      const created = onResponse(app, 'POST', LIST, (res) => {
        if (res.status === 201 && isObject(res.json)) newest = res.json.id;
        return res;
      });
      return onResponse(created, 'GET', ITEM, (res) =>
        res.status === 200 && isObject(res.json) && res.json.id !== newest
          ? { status: 404, json: { code: 'not_found', message: 'No such pet.', status: 404 } }
          : res,
      );
    },
  },
  {
    name: 'get-stale-status',
    description: 'getPet shows every pet but the newest as available (a stale copy).',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) => {
      let newest: unknown;
      const created = onResponse(app, 'POST', LIST, (res) => {
        if (res.status === 201 && isObject(res.json)) newest = res.json.id;
        return res;
      });
      return onResponse(created, 'GET', ITEM, (res) =>
        res.status === 200 && isObject(res.json) && res.json.id !== newest && 'status' in res.json
          ? mapJson(res, (pet) => ({ ...(pet as Json), status: 'available' }))
          : res,
      );
    },
  },
];
