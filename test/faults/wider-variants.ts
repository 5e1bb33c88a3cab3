import { createHash } from 'node:crypto';
import { stringify } from 'lossless-json';
import { GET_PET_SUNSET_DATE } from '../../src/contract/contract.ts';
import type { Handler } from '../../src/reference/index.ts';
import { parseNewPet } from '../../src/reference/new-pet.ts';
import { countingFrom, type IdSource, PetStore } from '../../src/reference/store.ts';
import { EQUIVALENCE_FAULTS } from './equivalence-faults.ts';
import type { FaultContext, ServerVariant } from './types.ts';
import {
  asksGzip,
  errorOf,
  ITEM,
  integralValue,
  intercept,
  isObject,
  jsonText,
  LIST,
  labelledGzip,
  mapJson,
  matches,
  onRequest,
  parsedBody,
} from './wrap.ts';

const NEW_PET_FIELDS = ['name', 'categoryId', 'status'];

/** Ids drawn at random over the whole signed int64 range (splitmix64, seeded: the run repeats). */
function randomInt64Ids(seed: bigint): IdSource {
  let state = seed;
  return () => {
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return BigInt.asIntN(64, z ^ (z >> 31n));
  };
}

/** The reference assigning ids from `ids` instead of 1, 2, 3, ... */
const assigningIds =
  (ids: () => IdSource) =>
  (_app: Handler, ctx: FaultContext): Handler =>
    ctx.reference({ store: new PetStore({ ids: ids() }) });

/** A JSON integer written as a mantissa and an exponent: 12345 as 1.2345E4, 0 as -0. */
function exponentForm(n: bigint): string {
  if (n === 0n) return '-0';
  const sign = n < 0n ? '-' : '';
  const digits = (n < 0n ? -n : n).toString();
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${digits.length - 1}`;
}

const EXPONENT_INTEGERS = [
  {
    test: (v: unknown) =>
      typeof v === 'bigint' || (typeof v === 'number' && Number.isSafeInteger(v)),
    stringify: (v: unknown) => exponentForm(BigInt(v as number | bigint)),
  },
];

/** Body sizes above this get 413 (a limit the contract leaves open). */
const BODY_LIMIT_BYTES = 2048;

/**
 * Conformant servers that choose where the contract leaves room: any int64 as an id, integers
 * written as JSON Schema allows, statuses it does not list, limits it does not set, and a
 * removed route that no longer checks keys.
 */
export const WIDER_CHOICES: readonly ServerVariant[] = [
  {
    name: 'list-summary-without-status',
    description:
      'Lists pets in a summary view without the optional status (id, name and categoryId) when no status filter is asked; a filtered page, getPet and the 201 show it.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!matches(req, 'GET', LIST) || res.status !== 200 || req.query.has('status')) return res;
      return mapJson(res, (pets) =>
        Array.isArray(pets) ? pets.map(({ status: _, ...pet }) => pet) : pets,
      );
    },
  },
  {
    name: 'cdn-caches-per-key',
    description:
      'Lets a CDN keep reads per key: CDN-Cache-Control: public, max-age=600 beside Cache-Control: private, max-age=60 and Vary: Authorization on every 200 to a read, and Cache-Control: public, max-age=60 with Vary: Authorization on 401s.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || (res.status !== 200 && res.status !== 401)) return res;
      const fields: Record<string, string> =
        res.status === 200
          ? {
              'cache-control': 'private, max-age=60',
              'cdn-cache-control': 'public, max-age=600',
              vary: 'Authorization',
            }
          : { 'cache-control': 'public, max-age=60', vary: 'Authorization' };
      return { ...res, headers: { ...res.headers, ...fields } };
    },
  },
  {
    name: 'strong-etags-304',
    description:
      'Tags every 200 to a read with a strong ETag of its body and answers If-None-Match of the current tag with 304, carrying the fields the 200 would (getPet’s Deprecation and Sunset included).',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      // The body as sent: a wrapper inside it may have written the text itself (raw).
      const body = res.raw ?? jsonText(res.json);
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
      const headers = { ...res.headers, etag };
      const tags = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim());
      return tags.includes(etag) || tags.includes('*')
        ? { status: 304, headers, raw: '' }
        : { ...res, headers };
    },
  },
  {
    name: 'cacheable-per-key',
    description:
      'Lets caches keep every 200 to a read a minute, per key: Cache-Control: public, max-age=60 with Vary: Authorization on listPets and getPet, and Cache-Control: private, max-age=300 on a 201 and no-cache, must-revalidate on errors.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      const cacheControl: Record<string, string> =
        req.method === 'GET' && res.status === 200
          ? { 'cache-control': 'public, max-age=60', vary: 'Accept-Encoding, Authorization' }
          : res.status === 201
            ? { 'cache-control': 'private, max-age=300' }
            : { 'cache-control': 'no-cache, must-revalidate, max-age=3600' };
      return { ...res, headers: { ...res.headers, ...cacheControl } };
    },
  },
  {
    name: 'public-must-revalidate-expired',
    description:
      'Marks every 200 to a read Cache-Control: public, must-revalidate with an Expires in the past and no Vary: a shared cache may store it, but stale at once and never served stale (RFC 9111 5.2.2.2), each reuse asked of the service with the request’s own credential.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      const headers = {
        ...res.headers,
        'cache-control': 'public, must-revalidate',
        expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
      };
      return { ...res, headers };
    },
  },
  {
    name: 'ids-beyond-safe-integers',
    description: 'Assigns ids from 2^53+1 (9007199254740993) up: no double holds them.',
    wrap: assigningIds(() => countingFrom(2n ** 53n + 1n)),
  },
  {
    name: 'ids-random-int64',
    description: 'Assigns random ids over the whole signed int64 range, negatives included.',
    wrap: assigningIds(() => randomInt64Ids(20261122n)),
  },
  {
    name: 'ids-counting-down',
    description: 'Assigns ids counting down from 2^53-1 (9007199254740991).',
    wrap: assigningIds(() => countingFrom(2n ** 53n - 1n, -1n)),
  },
  {
    name: 'unlisted-422',
    description:
      'Answers 422 (not 400) with an Error body to a limit, status or petId outside the rules, and to a NewPet with unknown fields.',
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const body = parsedBody(req);
        const extra = isObject(body) && Object.keys(body).some((k) => !NEW_PET_FIELDS.includes(k));
        const authorized = req.headers.authorization === `Bearer ${apiKey}`;
        // Only a body otherwise valid: one missing a field is owed the 400 the contract lists.
        if (authorized && extra && matches(req, 'POST', LIST) && parseNewPet(req.body).ok)
          return errorOf(422, 'unknown_field', 'Unknown fields.');
        const res = await app(req);
        const read = matches(req, 'GET', LIST) || matches(req, 'GET', ITEM);
        return read && res.status === 400
          ? { ...res, ...errorOf(422, 'unprocessable', 'Invalid parameter.') }
          : res;
      },
  },
  {
    name: 'gzip-when-asked',
    description:
      'Compresses every answer with gzip when the request accepts it (Accept-Encoding: gzip), with Vary: Accept-Encoding; identity otherwise.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      return asksGzip(req) ? labelledGzip(res) : res;
    },
  },
  {
    name: 'http10-505',
    description:
      'Refuses every HTTP/1.0 request with 505 and an Error body, the key or not (a gateway that speaks HTTP/1.1 only): RFC 9110 15.6.6 lets it.',
    wrap: (app) => (req) =>
      req.httpVersion === '1.0'
        ? errorOf(505, 'http_version_not_supported', 'HTTP/1.1 only.')
        : app(req),
  },
  {
    name: 'websocket-beside-api',
    description:
      'Has a WebSocket library attached beside the API: any request asking to upgrade to WebSocket is refused its way (400 Bad Request, text/plain), before any key check.',
    wrap: (app) => (req) =>
      req.headers.upgrade?.toLowerCase() === 'websocket'
        ? { status: 400, raw: 'Bad Request', headers: { 'content-type': 'text/plain' } }
        : app(req),
  },
  {
    name: 'cookies-of-20-kib',
    description:
      'Sets five cookies of 4,000 octets on every answer (a CDN’s A/B tests): a header section of 20 KiB, past Node’s and undici’s 16 KiB default, and a Cookie field too large for its own 16 KiB request limit if all are sent back.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      const cookies = [1, 2, 3, 4, 5].map((n) => `ab${n}=${'v'.repeat(3990)}; Path=/`);
      // node:http writes each value of a list as its own field line.
      const setCookie = cookies as unknown as string;
      return { ...res, headers: { ...res.headers, 'set-cookie': setCookie } };
    },
  },
  {
    name: 'body-limit-413',
    description: `Answers 413 with an Error body to a createPet body over ${BODY_LIMIT_BYTES} bytes (after the key check).`,
    wrap:
      (app, { apiKey }) =>
      (req) =>
        matches(req, 'POST', LIST) &&
        req.headers.authorization === `Bearer ${apiKey}` &&
        Buffer.byteLength(req.body) > BODY_LIMIT_BYTES
          ? errorOf(413, 'payload_too_large', 'The body is too large.')
          : app(req),
  },
  {
    name: 'own-host-only',
    description:
      'Serves only requests for its own name (Host 127.0.0.1:port), before any key check: another name that begins with localhost is redirected there (308 with an Error body), any other gets 421 Misdirected Request with an Error body (RFC 9110 7.4).',
    wrap: (app) => (req) => {
      const host = (req.headers.host ?? '').toLowerCase();
      if (host.startsWith('127.0.0.1')) return app(req);
      if (!host.startsWith('localhost'))
        return errorOf(421, 'misdirected', 'This server does not serve that name.');
      return {
        ...errorOf(308, 'moved', 'Use the canonical name.'),
        headers: { location: `http://127.0.0.1${req.target ?? req.path}` },
      };
    },
  },
  {
    name: 'warming-up-503',
    description:
      'Answers every request 503 with Retry-After: 1 and an Error body for 1.5 s from the first request it gets, the harness preflight included (a service warming up after a deploy; 5xx are not shown).',
    wrap: (app) => {
      let first: number | undefined;
      return (req) => {
        first ??= Date.now();
        if (Date.now() - first >= 1500) return app(req);
        return {
          ...errorOf(503, 'warming_up', 'Starting up: try again shortly.'),
          headers: { 'retry-after': '1' },
        };
      };
    },
  },
  {
    name: 'removed-route-404-no-auth',
    description:
      'From the sunset on, answers getPet 404 with an Error body before any key check (the route is gone).',
    wrap: (app, { clock }) =>
      intercept(app, 'GET', ITEM, () =>
        clock().getTime() >= GET_PET_SUNSET_DATE.getTime()
          ? errorOf(404, 'not_found', 'No such route.')
          : undefined,
      ),
  },
  {
    name: 'methods-beyond-contract',
    description:
      'Answers a CORS preflight (OPTIONS) 204 without a key, HEAD 501, and has DELETE, PUT and PATCH /pets/{petId} that check the key (401) and then answer 405.',
    wrap:
      (app, { apiKey }) =>
      (req) => {
        if (req.method === 'OPTIONS')
          return {
            status: 204,
            raw: '',
            headers: {
              'access-control-allow-origin': '*',
              'access-control-allow-methods': 'GET, POST',
              'access-control-allow-headers': 'authorization, content-type',
              'content-type': '',
            },
          };
        if (req.method === 'HEAD') return errorOf(501, 'not_implemented', 'HEAD is not supported.');
        if (['DELETE', 'PUT', 'PATCH'].includes(req.method))
          return req.headers.authorization === `Bearer ${apiKey}`
            ? errorOf(405, 'method_not_allowed', 'Not allowed.')
            : errorOf(401, 'unauthorized', 'API key missing or invalid.');
        return app(req);
      },
  },
  {
    name: 'exponent-integers',
    description:
      'Writes every integer with an exponent (1 as 1.0E0, 12345 as 1.2345E4) and 0 as -0.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (res.json === undefined) return res;
      const raw = stringify(res.json, null, undefined, EXPONENT_INTEGERS) ?? 'null';
      const { json: _json, ...rest } = res;
      return {
        ...rest,
        raw,
        headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' },
      };
    },
  },
  {
    name: 'fractions-read-as-doubles',
    description:
      "Reads a JSON number's fraction with a double's precision (RFC 8259 6 lets a parser limit it), integers exactly: a categoryId of 1.0000000000000001 is the integer 1 to it, stored and answered as 1 (201).",
    // Integers exactly, whatever their spelling (9007199254740993.0 is that int64): only a
    // value with a fraction goes through a double.
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) => ({
        ...req,
        body: req.body.replace(
          /("categoryId"\s*:\s*)(-?\d+\.\d+(?:[eE][+-]?\d+)?)/,
          (all, head, text) => {
            const exact = integralValue(text);
            if (exact !== undefined) return `${head}${exact}`;
            const double = Number(text);
            return Number.isInteger(double) ? `${head}${BigInt(double)}` : all;
          },
        ),
      })),
  },
  {
    name: 'literal-http-reader',
    description:
      'Reads requests literally where only an RFC makes two forms one (the contract writes neither): a percent-encoded path (/v1/%70ets, /pets/%31) and the absolute-form get 404 after the key check, a scheme other than "Bearer" spelled so gets 401, a chunked body is read as empty (400). Without the key, every form still gets 401.',
    wrap: (app, ctx) =>
      LITERAL_FAULTS.reduceRight((wrapped, fault) => fault.wrap(wrapped, ctx), app),
  },
  {
    name: 'literal-router-before-key',
    description:
      'A literal reader that routes before it looks at the key: a path it does not serve as written (/v1/%70ets, /v1/pets/%31 included) gets 404 Error with the key or without, and a malformed field or chunked body by its strict parser (an empty Accept element, a chunk extension, a trailer) gets 400 Error before the key too. The contract writes none of these forms; only RFCs make them its requests.',
    wrap: (app, ctx) => {
      const literal = STRICT_BEFORE_KEY.map(equivalenceFault).reduceRight(
        (wrapped, fault) => fault.wrap(wrapped, ctx),
        LITERAL_FAULTS.reduceRight((wrapped, fault) => fault.wrap(wrapped, ctx), app),
      );
      return (req) =>
        /^\/v1\/pets(\/[^/]+)?$/.test(req.path)
          ? literal(req)
          : errorOf(404, 'not_found', 'No such resource.');
    },
    listen: {
      refuseOctets: (octets) =>
        STRICT_BEFORE_KEY.map((name) => equivalenceFault(name).listen?.refuseOctets?.(octets)).find(
          (refusal) => refusal !== undefined,
        ),
    },
  },
];

function equivalenceFault(name: string) {
  const fault = EQUIVALENCE_FAULTS.find((f) => f.name === name);
  if (!fault) throw new Error(`no equivalence fault ${name}`);
  return fault;
}

/** The broken servers that refuse, before the key, a form only an RFC makes the contract's. */
const STRICT_BEFORE_KEY = ['accept-empty-element-400', 'chunk-extension-400', 'chunk-trailer-400'];

/** The broken servers of the RFC-only equivalences, whose behaviour a literal reader has. */
const LITERAL_FAULTS = [
  'path-escapes-404',
  'absolute-form-404',
  'scheme-case-sensitive',
  'chunked-body-dropped',
].map(equivalenceFault);
