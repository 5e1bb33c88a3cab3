import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import {
  errorOf,
  ITEM,
  intercept,
  isObject,
  LIST,
  mapJson,
  matches,
  onResponse,
  parsedBody,
  serverError,
  withKey,
  withQuery,
} from './wrap.ts';

/**
 * One broken server per MUST check that no other fault names alone: each breaks the one promise
 * its check judges, on one operation, so the matrix shows that every MUST check can fail by
 * itself (a check that only ever fails beside others might be judging nothing of its own).
 */

const OPERATIONS = {
  LIST: { method: 'GET', path: LIST, name: 'listPets' },
  CREATE: { method: 'POST', path: LIST, name: 'createPet' },
  GET: { method: 'GET', path: ITEM, name: 'getPet' },
} as const;
type Op = keyof typeof OPERATIONS;

const tokenOf = (req: AppRequest) => /^Bearer (.*)$/i.exec(req.headers.authorization ?? '')?.[1];
/** Headers a server may wrongly take the key from, as the auth table sends them. */
const KEY_HEADERS = ['x-api-key', 'api-key', 'x-auth-token', 'proxy-authorization'];
const keyInHeader = (req: AppRequest, key: string) =>
  KEY_HEADERS.some((name) => (req.headers[name] ?? '').includes(key));
const keyElsewhere = (req: AppRequest, key: string) =>
  req.query.get('api_key') === key ||
  req.query.get('access_token') === key ||
  (req.headers.cookie ?? '').includes(key) ||
  keyInHeader(req, key);

/** Each credential state of the auth table, as a server that wrongly accepts it sees it. */
const ACCEPTS: Record<string, { what: string; accept(req: AppRequest, key: string): boolean }> = {
  'NO-KEY': {
    what: 'a request with no credential at all',
    accept: (req, key) => !req.headers.authorization && !keyElsewhere(req, key),
  },
  'WRONG-KEY': {
    what: 'any non-empty bearer token',
    accept: (req) => (tokenOf(req) ?? '').trim() !== '',
  },
  'EMPTY-BEARER': {
    what: 'an empty bearer token',
    accept: (req) => /^Bearer\s*$/i.test(req.headers.authorization ?? ''),
  },
  'OTHER-SCHEME': {
    what: 'any Basic credential',
    accept: (req) => /^Basic /i.test(req.headers.authorization ?? ''),
  },
  'NEAR-KEY': {
    what: 'a bearer token that starts with the key',
    accept: (req, key) => (tokenOf(req) ?? '').startsWith(key),
  },
  'KEY-IN-QUERY': {
    what: 'the key in an api_key or access_token query parameter',
    accept: (req, key) => req.query.get('api_key') === key || req.query.get('access_token') === key,
  },
  'KEY-IN-COOKIE': {
    what: 'the key in a cookie',
    accept: (req, key) => (req.headers.cookie ?? '').includes(key),
  },
  'KEY-IN-HEADER': {
    what: 'the key in an X-API-Key, Api-Key, X-Auth-Token or Proxy-Authorization header',
    accept: keyInHeader,
  },
};

function acceptingOn(op: Op, state: string): Fault {
  const { method, path, name } = OPERATIONS[op];
  const { what, accept } = ACCEPTS[state] as (typeof ACCEPTS)[string];
  return {
    name: `alone-${op.toLowerCase()}-accepts-${state.toLowerCase()}`,
    description: `${name} alone serves ${what} as if it carried the key.`,
    caughtBy: [`AUTH-${op}-${state}`],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(matches(req, method, path) && accept(req, apiKey) ? withKey(req, apiKey) : req),
  };
}

/** Once a connection has carried the key, serves its later keyless requests to one operation. */
function keptAliveOn(op: Op): Fault {
  const { method, path, name } = OPERATIONS[op];
  return {
    name: `alone-${op.toLowerCase()}-trusts-kept-alive`,
    description: `${name} alone serves a keyless request on a connection that carried the key.`,
    caughtBy: [`AUTH-${op}-KEPT-ALIVE`],
    wrap: (app, { apiKey }) => {
      const trusted = new WeakSet<object>();
      return (req) => {
        const socket = req.connection;
        if (socket && tokenOf(req) === apiKey) trusted.add(socket);
        const served = socket && trusted.has(socket) && !req.headers.authorization;
        return app(served && matches(req, method, path) ? withKey(req, apiKey) : req);
      };
    },
  };
}

const AUTH_ALONE: Fault[] = (['LIST', 'CREATE', 'GET'] as const).flatMap((op) => [
  ...Object.keys(ACCEPTS).map((state) => acceptingOn(op, state)),
  keptAliveOn(op),
]);

/** Answers what the keyed request would get when `first` says the input is judged first. */
function inputBeforeKey(app: Handler, apiKey: string, first: (req: AppRequest) => boolean) {
  return (req: AppRequest) => (first(req) ? app(withKey(req, apiKey)) : app(req));
}

const validLimit = (raw: string | null) => raw === null || /^(100|[1-9]\d?)$/.test(raw);

const INPUT_BEFORE_KEY: Fault[] = [
  {
    name: 'alone-list-limit-before-key',
    description: 'listPets answers 400 to an invalid limit before it looks at the key.',
    caughtBy: ['AUTH-BEFORE-LIMIT'],
    wrap: (app, { apiKey }) =>
      inputBeforeKey(
        app,
        apiKey,
        (req) => matches(req, 'GET', LIST) && !validLimit(req.query.get('limit')),
      ),
  },
  {
    name: 'alone-list-status-before-key',
    description: 'listPets answers 400 to an unknown status before it looks at the key.',
    caughtBy: ['AUTH-BEFORE-STATUS'],
    wrap: (app, { apiKey }) =>
      inputBeforeKey(app, apiKey, (req) => {
        const status = req.query.get('status');
        return (
          matches(req, 'GET', LIST) && status !== null && !/^(available|pending|sold)$/.test(status)
        );
      }),
  },
  {
    name: 'alone-get-fraction-id-before-key',
    description: 'getPet answers 400 to a fractional petId (1.5) before it looks at the key.',
    caughtBy: ['AUTH-BEFORE-PETID'],
    wrap: (app, { apiKey }) =>
      inputBeforeKey(app, apiKey, (req) => matches(req, 'GET', ITEM) && /\.\d+$/.test(req.path)),
  },
];

const statusIgnoredFor = (status: string): Fault => ({
  name: `alone-list-status-${status}-ignored`,
  description: `listPets ignores the status filter for ${status} alone (answers every status).`,
  caughtBy: [`LIST-STATUS-${status.toUpperCase()}`],
  wrap: (app) => (req) =>
    app(
      matches(req, 'GET', LIST) && req.query.get('status') === status
        ? withQuery(req, (q) => q.delete('status'))
        : req,
    ),
});

/** A page one item longer than it was (its first item repeated at the end). */
const oneMore = (res: AppResponse): AppResponse =>
  mapJson(res, (items) => (Array.isArray(items) && items[0] ? [...items, items[0]] : items));

const ANSWER_FAULTS: Fault[] = [
  ...['available', 'pending', 'sold'].map(statusIgnoredFor),
  {
    name: 'alone-list-default-page-categoryid-string',
    description:
      'listPets without parameters writes every categoryId as a string ("7", not 7); with parameters it is right.',
    caughtBy: ['LIST-200-PETS'],
    wrap: (app) =>
      onResponse(app, 'GET', LIST, (res, req) =>
        [...req.query.keys()].length || res.status !== 200
          ? res
          : mapJson(res, (items) =>
              Array.isArray(items)
                ? items.map((p) => (isObject(p) ? { ...p, categoryId: String(p.categoryId) } : p))
                : items,
            ),
      ),
  },
  {
    name: 'alone-list-limit-30-one-more',
    description: 'listPets?limit=30 (and no status) answers 31 pets; every other limit is kept.',
    caughtBy: ['LIST-LIMIT-RANGE'],
    wrap: (app) =>
      onResponse(app, 'GET', LIST, (res, req) =>
        req.query.get('limit') === '30' && !req.query.has('status') && res.status === 200
          ? oneMore(res)
          : res,
      ),
  },
  {
    name: 'alone-404-text-plain',
    description: 'getPet labels its 404 Error text/plain (the body is still the JSON Error).',
    caughtBy: ['JSON-CONTENT-TYPE'],
    wrap: (app) =>
      onResponse(app, 'GET', ITEM, (res) =>
        res.status === 404
          ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } }
          : res,
      ),
  },
  {
    name: 'alone-create-extra-fields-500',
    description: 'createPet answers 500 to a NewPet that carries a field it does not know.',
    caughtBy: ['CREATE-EXTRA-FIELDS'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        const known = ['name', 'categoryId', 'status'];
        return isObject(body) && Object.keys(body).some((k) => !known.includes(k))
          ? serverError()
          : undefined;
      }),
  },
  {
    name: 'alone-create-non-object-500',
    description:
      'createPet answers 500 to a JSON body that is not an object (an array, a string, a number, true, null).',
    caughtBy: ['ROBUST-CREATE-ANY-JSON'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        return body !== undefined && !isObject(body) ? serverError() : undefined;
      }),
  },
];

/** getPet forgets the first pet the store ever held: the one listPets shows first. */
function forgetsTheOldestPet(app: Handler): Handler {
  let oldest: string | undefined;
  return async (req) => {
    const asked = /\/pets\/([^/]+)$/.exec(req.path)?.[1];
    if (matches(req, 'GET', ITEM) && asked !== undefined && asked === oldest)
      return errorOf(404, 'not_found', 'no such pet');
    const res = await app(req);
    if (matches(req, 'POST', LIST) && res.status === 201 && oldest === undefined)
      oldest = String((res.json as { id?: unknown } | undefined)?.id);
    return res;
  };
}

const READ_ONLY_FAULTS: readonly Fault[] = [
  {
    name: 'alone-get-forgets-oldest-pet',
    description:
      'getPet answers 404 for the first pet the store held (the one listPets shows first); pets fetched right after their creation are found.',
    caughtBy: ['GET-200-LISTED'],
    wrap: forgetsTheOldestPet,
  },
];

export const ALONE_FAULTS: readonly Fault[] = [
  ...READ_ONLY_FAULTS,
  ...AUTH_ALONE,
  ...INPUT_BEFORE_KEY,
  ...ANSWER_FAULTS,
];
