import { createHash } from 'node:crypto';
import { INT64 } from '../../src/contract/contract.ts';
import type { Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import {
  errorOf,
  ITEM,
  intercept,
  jsonText,
  LIST,
  mapJson,
  matches,
  onResponse,
  serverError,
  withKey,
} from './wrap.ts';

const idOf = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');

/** getPet with one promise broken. */
export const GET_FAULTS: Fault[] = [
  {
    name: 'id-quoted-raw-in-error',
    description:
      "Writes getPet's 404 and 400 Error text by hand, with the petId as sent (decoded) quoted unescaped in its message: an id holding a quote or a backslash makes the body no JSON.",
    caughtBy: ['GET-ID-NOT-INT64'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!matches(req, 'GET', ITEM) || (res.status !== 404 && res.status !== 400)) return res;
      let id: string;
      try {
        id = decodeURIComponent(req.path.split('/').pop() ?? '');
      } catch {
        return res;
      }
      const raw = `{"code":"not_found","message":"No pet ${id}","status":${res.status}}`;
      return { status: res.status, headers: { 'content-type': 'application/json' }, raw };
    },
  },
  {
    name: 'get-200-for-unknown-id',
    description: 'Answers an unknown id with the first pet.',
    caughtBy: ['GET-404-UNKNOWN'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const res = await app(req);
        if (
          !(res.status === 404 && req.method === 'GET' && ITEM.test(req.path.replace(/^\/v1/, '')))
        )
          return res;
        const first = await app({ ...withKey(req, apiKey), path: '/v1/pets/1' });
        return first.status === 200 ? first : res;
      },
  },
  {
    name: 'get-never-404',
    description:
      'Answers an id no pet has 200 with a pet made up for it (findById(id).orElseGet(() -> new Pet(id))): no getPet of an integer id ever gets 404.',
    caughtBy: ['GET-404-UNKNOWN'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const id = req.path.split('/').at(-1) ?? '';
      if (!matches(req, 'GET', ITEM) || res.status !== 404 || !/^-?\d+$/.test(id)) return res;
      const raw = `{"id":${id},"name":"","categoryId":0}`;
      return { status: 200, raw, headers: { 'content-type': 'application/json' } };
    },
  },
  {
    name: 'get-400-at-int64-min',
    description:
      'Checks the int64 range with <= for its lower bound: petId -9223372036854775808 gets 400.',
    caughtBy: ['GET-404-UNKNOWN'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) =>
        idOf(req.path) === INT64.min.toString()
          ? errorOf(400, 'invalid_request', 'petId must be an int64 integer.')
          : undefined,
      ),
  },
  {
    name: 'get-wrong-pet',
    description: 'Answers with the pet whose id is one less than asked for.',
    caughtBy: ['GET-200-PET'],
    wrap: (app) => async (req) => {
      const id = idOf(req.path);
      if (req.method !== 'GET' || !ITEM.test(req.path.replace(/^\/v1/, '')) || !/^\d+$/.test(id))
        return app(req);
      const previous = await app({ ...req, path: `/v1/pets/${BigInt(id) - 1n}` });
      return previous.status === 200 ? previous : app(req);
    },
  },
  {
    name: 'get-404-without-error-body',
    description: 'Answers 404 with an empty body.',
    caughtBy: ['GET-404-UNKNOWN'],
    wrap: (app) =>
      onResponse(app, 'GET', ITEM, (res) => (res.status === 404 ? { status: 404, raw: '' } : res)),
  },
  {
    name: 'get-5xx-non-numeric-id',
    description: 'Answers 500 to a petId that is not digits.',
    caughtBy: ['GET-ID-NOT-INT64'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) =>
        /^-?\d+$/.test(idOf(req.path)) ? undefined : serverError(),
      ),
  },
  {
    name: 'get-5xx-large-negative-id',
    description: 'Reads petId as a double and answers 500 to one below -2^53.',
    caughtBy: ['GET-ID-ANY'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) => {
        const id = idOf(req.path);
        return /^-\d+$/.test(id) && BigInt(id) < -(2n ** 53n) ? serverError() : undefined;
      }),
  },
  {
    name: 'get-400-non-positive-id',
    description:
      'Answers 400 with an Error body to a petId of 0 or below (a valid int64: an id no pet has is owed 404).',
    caughtBy: ['GET-ID-ANY'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) =>
        /^(0|-\d+)$/.test(idOf(req.path))
          ? errorOf(400, 'invalid_id', 'petId must be a positive integer.')
          : undefined,
      ),
  },
  {
    name: 'get-hangs-on-id-0',
    description: 'Never answers GET /pets/0.',
    caughtBy: ['GET-ID-ANY'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, (req) =>
        idOf(req.path) === '0' ? { status: 200, hang: true } : undefined,
      ),
  },
  {
    name: 'get-removed-early',
    description: 'Answers 410 Gone for every pet before the sunset date.',
    caughtBy: ['SUNSET-GET-LIFECYCLE', 'GET-200-PET'],
    wrap: (app) =>
      intercept(app, 'GET', ITEM, () => ({
        status: 410,
        json: { code: 'gone', message: 'Removed.', status: 410 },
      })),
  },
  {
    name: 'get-still-served-after-sunset',
    description: 'Keeps serving getPet after 5 December 2030.',
    caughtBy: ['SUNSET-GET-LIFECYCLE'],
    today: '2031-01-15',
    // The app keeps a clock of its own that never reaches the sunset.
    wrap: (_app, ctx) => ctx.reference({ clock: () => new Date('2030-01-01T00:00:00Z') }),
  },
];

/** Rewrites the deprecation headers getPet sends. */
const onGetPetHeaders = (
  app: Handler,
  edit: (h: Record<string, string>) => Record<string, string>,
): Handler =>
  onResponse(app, 'GET', ITEM, (res) => ({ ...res, headers: edit({ ...res.headers }) }));

/** getPet announcing its removal wrongly. */
export const SUNSET_FAULTS: Fault[] = [
  {
    name: 'sunset-later-on-errors',
    description:
      "getPet's 404 and 400 answers carry Sunset: Thu, 05 Jun 2031 00:00:00 GMT (an error page of the next release); its 200s carry the contract's day.",
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) =>
      onResponse(app, 'GET', ITEM, (res) =>
        res.status >= 400 && res.status < 500
          ? { ...res, headers: { ...res.headers, sunset: 'Thu, 05 Jun 2031 00:00:00 GMT' } }
          : res,
      ),
  },
  {
    name: 'deprecation-on-every-answer',
    description:
      'A global middleware adds getPet’s Deprecation and Sunset headers to every answer, listPets’ and createPet’s too: the replacement is said to be deprecated and removed.',
    caughtBy: ['DEPRECATION-ONLY-GETPET'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const notice = { deprecation: '@1735689600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' };
      return { ...res, headers: { ...res.headers, ...notice } };
    },
  },
  {
    name: 'sunset-on-401-everywhere',
    description:
      'The key middleware copies getPet’s Deprecation and Sunset onto every 401 it writes: a keyless listPets or createPet is told its operation goes away on 5 December 2030.',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (res.status !== 401) return res;
      const notice = { deprecation: '@1735689600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' };
      return { ...res, headers: { ...res.headers, ...notice } };
    },
  },
  {
    name: 'head-sunset-later',
    description:
      'A HEAD of /pets/{petId} is answered by a cache’s own handler with a stale Sunset: Thu, 05 Jun 2031 00:00:00 GMT; GET carries the contract’s day.',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) =>
      onResponse(app, 'HEAD', ITEM, (res) => ({
        ...res,
        headers: { ...res.headers, sunset: 'Thu, 05 Jun 2031 00:00:00 GMT' },
      })),
  },
  {
    name: 'sunset-later-on-other-methods',
    description:
      'Answers to other methods on /pets/{petId} (OPTIONS, the 405 to DELETE or PUT, their 401s) carry Sunset: Thu, 05 Jun 2031 00:00:00 GMT from a stale route table; GET and HEAD carry the contract’s day.',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) =>
      onResponse(app, '*', ITEM, (res, req) =>
        req.method === 'GET' || req.method === 'HEAD'
          ? res
          : { ...res, headers: { ...res.headers, sunset: 'Thu, 05 Jun 2031 00:00:00 GMT' } },
      ),
  },
  {
    name: 'head-of-list-deprecated',
    description:
      'A HEAD of /pets carries getPet’s Deprecation and Sunset (the HEAD handler copies the headers of the deprecated route): listPets, getPet’s replacement, is said to be going away.',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) =>
      onResponse(app, 'HEAD', LIST, (res) => ({
        ...res,
        headers: {
          ...res.headers,
          deprecation: '@1735689600',
          sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
        },
      })),
  },
  {
    name: 'stale-sunset-on-304',
    description:
      'getPet answers carry a strong ETag and honour If-None-Match; the 304 comes from a conditional-GET layer with a stale deprecation table: Sunset: Thu, 05 Jun 2031 00:00:00 GMT (a cache updates its stored Sunset from it, RFC 9110 15.4.5).',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!matches(req, 'GET', ITEM) || res.status !== 200) return res;
      const etag = `"${createHash('sha1').update(jsonText(res.json)).digest('hex')}"`;
      if (req.headers['if-none-match'] !== etag)
        return { ...res, headers: { ...res.headers, etag } };
      const headers = { ...res.headers, etag, sunset: 'Thu, 05 Jun 2031 00:00:00 GMT' };
      return { status: 304, headers, raw: '' };
    },
  },
  {
    name: 'two-sunset-values',
    description:
      'getPet’s answers carry Sunset twice, the gateway’s right day and the application’s stale one (Thu, 05 Jun 2031): a client reading the last line is told another day.',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) =>
      onResponse(app, 'GET', ITEM, (res) => ({
        ...res,
        headers: {
          ...res.headers,
          sunset: 'Thu, 05 Dec 2030 00:00:00 GMT, Thu, 05 Jun 2031 00:00:00 GMT',
        },
      })),
  },
  {
    name: 'deprecated-from-next-year',
    description:
      'getPet says it is deprecated only from 1 January 2030 (Deprecation: @1893456000), before the sunset but after today: not deprecated yet.',
    caughtBy: ['DEPRECATION-EVERY-GETPET'],
    wrap: (app) =>
      onResponse(app, 'GET', ITEM, (res) => ({
        ...res,
        headers: { ...res.headers, deprecation: '@1893456000' },
      })),
  },
  {
    name: 'sunset-header-wrong-date',
    description: 'Sunset names 6 December 2030, noon GMT: 6 December in every time zone.',
    caughtBy: ['SUNSET-HEADER'],
    wrap: (app) => onGetPetHeaders(app, (h) => ({ ...h, sunset: 'Fri, 06 Dec 2030 12:00:00 GMT' })),
  },
  {
    name: 'sunset-header-malformed',
    description: 'Sunset is an ISO date, not an IMF-fixdate.',
    caughtBy: ['SUNSET-HEADER'],
    // The form of a deprecation notice rests on its RFC alone: judged under certify.
    profile: 'certify',
    wrap: (app) => onGetPetHeaders(app, (h) => ({ ...h, sunset: '2030-12-05T00:00:00Z' })),
  },
  {
    name: 'deprecation-header-malformed',
    description: 'Deprecation is an HTTP date, not @<unix seconds>.',
    caughtBy: ['DEPRECATION-HEADER'],
    // The form of a deprecation notice rests on its RFC alone: judged under certify.
    profile: 'certify',
    wrap: (app) =>
      onGetPetHeaders(app, (h) => ({ ...h, deprecation: 'Fri, 05 Dec 2025 00:00:00 GMT' })),
  },
  {
    name: 'deprecation-after-sunset',
    description: 'Deprecation names a day after the sunset (1 January 2031).',
    caughtBy: ['DEPRECATION-HEADER'],
    wrap: (app) =>
      onGetPetHeaders(app, (h) => ({ ...h, deprecation: `@${Date.UTC(2031, 0, 1) / 1000}` })),
  },
  {
    name: 'deprecation-link-invalid',
    description: 'The sunset Link points at a target that is not a URI reference.',
    caughtBy: ['DEPRECATION-LINKS'],
    // The form of a deprecation notice rests on its RFC alone: judged under certify.
    profile: 'certify',
    wrap: (app) =>
      onGetPetHeaders(app, (h) => ({ ...h, link: '<http://[petstore/docs>; rel="sunset"' })),
  },
];

/** Errors and media types broken across operations. */
export const ERROR_FAULTS: Fault[] = [
  {
    name: 'errors-plain-text',
    description: 'Answers every error as text/plain.',
    caughtBy: ['AUTH-LIST-NO-KEY', 'CREATE-400-MISSING-NAME', 'GET-404-UNKNOWN', 'ERR-BODY-STATUS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.status >= 400
        ? { status: res.status, raw: 'Error', headers: { 'content-type': 'text/plain' } }
        : res;
    },
  },
  {
    name: 'errors-without-code',
    description: 'Error bodies lack the code field.',
    caughtBy: ['AUTH-LIST-NO-KEY', 'CREATE-400-MISSING-NAME', 'ERR-BODY-STATUS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.status >= 400 ? mapJson(res, (e) => ({ ...(e as object), code: undefined })) : res;
    },
  },
  {
    name: 'soft-404-fallback',
    description:
      'An SPA-style fallback answers requests no route serves (other paths, other methods) HTTP 200 with the Error whose status says 404 or 405: a soft error.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const routed = matches(req, 'GET', ITEM) || matches(req, 'GET', LIST);
      return (res.status === 404 || res.status === 405) && !routed && req.method !== 'HEAD'
        ? { ...res, status: 200 }
        : res;
    },
  },
  {
    name: 'errors-status-mismatch',
    description: 'Error.status is always 400, whatever the HTTP status.',
    caughtBy: ['AUTH-LIST-NO-KEY', 'GET-404-UNKNOWN', 'ERR-BODY-STATUS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.status >= 400 ? mapJson(res, (e) => ({ ...(e as object), status: 400 })) : res;
    },
  },
  {
    name: 'errors-status-as-string',
    description: 'Error.status is a string.',
    caughtBy: ['ERR-BODY-STATUS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.status >= 400
        ? mapJson(res, (e) => ({ ...(e as object), status: String(res.status) }))
        : res;
    },
  },
  {
    name: 'content-type-text-html',
    description: 'Labels every JSON answer text/html.',
    caughtBy: ['JSON-CONTENT-TYPE', 'LIST-200-PETS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.json === undefined
        ? res
        : { ...res, headers: { ...res.headers, 'content-type': 'text/html' } };
    },
  },
  {
    name: 'list-5xx-unknown-query',
    description: 'Answers 500 to query parameters it does not know.',
    caughtBy: ['ROBUST-LIST-ANY-QUERY'],
    wrap: (app) =>
      intercept(app, 'GET', LIST, (req) =>
        [...req.query.keys()].some((k) => k !== 'limit' && k !== 'status')
          ? serverError()
          : undefined,
      ),
  },
];
