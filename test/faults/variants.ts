import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import { SPELLING_VARIANTS } from './auth-spelling-faults.ts';
import { FREEDOM_VARIANTS } from './freedom-variants.ts';
import { LOAD_VARIANTS } from './load-variants.ts';
import type { ServerVariant } from './types.ts';
import { WIDER_CHOICES } from './wider-variants.ts';
import {
  errorOf,
  ITEM,
  isObject,
  jsonText,
  LIST,
  mapJson,
  matches,
  onResponse,
  parsedBody,
  withQuery,
} from './wrap.ts';

function clampLimit(raw: string | null): string | null {
  if (raw === null) return null;
  if (!/^-?\d+$/.test(raw)) return '20';
  return String(Math.min(100, Math.max(1, Number(raw))));
}

const KNOWN_FIELDS = ['name', 'categoryId', 'status'];

/** Pages of at most 10 (shorter than limit is fine: the contract says "maximum"). */
function shortPage(req: AppRequest): AppRequest {
  const raw = req.query.get('limit');
  if (raw !== null && !/^\d+$/.test(raw)) return req;
  const limit = raw === null ? 10 : Math.min(10, Number(raw));
  return limit >= 1 ? withQuery(req, (q) => q.set('limit', String(limit))) : req;
}

/** Adds headers to every answer. */
const withHeaders =
  (app: Handler, headers: Record<string, string>): Handler =>
  async (req) => {
    const res = await app(req);
    return { ...res, headers: { ...res.headers, ...headers } };
  };

/** Servers that keep every promise of the contract while choosing differently where it is silent. */
const BEFORE_SUNSET: readonly ServerVariant[] = [
  {
    name: 'lenient',
    description:
      'Clamps an out-of-range limit, answers [] to an unknown status, 404 (not 400) to a non-numeric id, and sends extra headers.',
    wrap: (app) =>
      withHeaders(
        async (req) => {
          if (matches(req, 'GET', LIST)) {
            const limit = clampLimit(req.query.get('limit'));
            const clamped = limit === null ? req : withQuery(req, (q) => q.set('limit', limit));
            const status = req.query.get('status');
            if (status === null || ['available', 'pending', 'sold'].includes(status))
              return app(clamped);
            // The key is still checked first: only an authorized request gets the empty page.
            const checked = await app(withQuery(clamped, (q) => q.delete('status')));
            return checked.status === 200 ? { status: 200, json: [] } : checked;
          }
          if (matches(req, 'GET', ITEM)) {
            const res = await app(req);
            return res.status === 400 ? errorOf(404, 'not_found', 'No such pet.') : res;
          }
          return app(req);
        },
        { 'x-request-id': 'req-1', 'cache-control': 'no-store' },
      ),
  },
  {
    name: 'loose-deprecation-notices',
    description:
      'Announces the deprecation in forms of its own, on the right day: Sunset: 2030-12-05 (an ISO date), Deprecation as an HTTP-date, a Link to a docs page written with a space. How clients are warned is "not shown": the forms rest on RFCs alone (certify fails them).',
    wrap: (app) =>
      onResponse(app, 'GET', ITEM, (res) =>
        res.status === 200
          ? {
              ...res,
              headers: {
                ...res.headers,
                sunset: '2030-12-05',
                deprecation: 'Thu, 01 Jan 2026 00:00:00 GMT',
                link: '<https://docs.example/pets deprecation>; rel="deprecation"',
              },
            }
          : res,
      ),
  },
  {
    name: 'origin-policy-403',
    description:
      'Checks the key first, then refuses a browser Origin it does not allow with 403 Error (a CORS policy); a 403 with the key is a refusal by policy, which the contract leaves open ("403 [...]: not shown").',
    wrap:
      (app, { apiKey }) =>
      (req) =>
        req.headers.authorization === `Bearer ${apiKey}` && req.headers.origin !== undefined
          ? errorOf(403, 'forbidden_origin', 'This origin is not allowed.')
          : app(req),
  },
  {
    name: 'canonical-redirects',
    description:
      'Redirects a petId that is an integer written otherwise (1e3, 0012, +5) to its canonical path with 301 and a Location, after the key check; the contract prescribes no answer to such a petId.',
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const raw = /^\/v1\/pets\/([^/]+)$/.exec(req.path)?.[1];
        const n = raw === undefined || !/^[-+0-9.eE]+$/.test(raw) ? Number.NaN : Number(raw);
        const canonical = Number.isSafeInteger(n) ? String(n) : undefined;
        if (
          req.method === 'GET' &&
          canonical !== undefined &&
          canonical !== raw &&
          /^[-+0-9.eE]+$/.test(raw ?? '') &&
          req.headers.authorization === `Bearer ${apiKey}`
        )
          return {
            status: 301,
            headers: { location: `/v1/pets/${canonical}`, 'content-type': '' },
            raw: '',
          };
        return app(req);
      },
  },
  {
    name: 'strict-and-terse',
    description:
      'Pages of at most 10, a default status of available, an extra createdAt field, rejects unknown fields with 400, charset in Content-Type.',
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const authorized = req.headers.authorization === `Bearer ${apiKey}`;
        const body = parsedBody(req);
        if (authorized && matches(req, 'POST', LIST) && isObject(body)) {
          const unknown = Object.keys(body).filter((k) => !KNOWN_FIELDS.includes(k));
          if (unknown.length) return errorOf(400, 'unknown_field', `Unknown field ${unknown[0]}.`);
          if (!('status' in body)) {
            // Written into the text as it came, not parsed and written again: a recursive writer
            // overflows its stack on a categoryId nested 5000 deep now and then (a 500 of its own).
            const withStatus = req.body.replace('{', '{"status":"available",');
            return decorate(await app({ ...req, body: withStatus }));
          }
        }
        return decorate(await app(matches(req, 'GET', LIST) ? shortPage(req) : req));
      },
  },
  {
    name: 'gone-as-404',
    description:
      'Answers 404 (not 410) for the removed getPet after the sunset, and sends no Link header.',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (matches(req, 'GET', ITEM) && res.status === 410)
        return errorOf(404, 'not_found', 'No such operation.');
      const { link: _link, ...headers } = res.headers ?? {};
      return { ...res, headers };
    },
  },
];

/** The day on which every variant is judged again: getPet must then be gone. */
export const AFTER_SUNSET_DAY = '2031-01-15';

/**
 * Variants whose choice has nothing to do with getPet or the day (ids, numbers, refusals of
 * input, framing): judged before the sunset only. After it, getPet's removal is the reference's
 * own, judged on the reference, ids-random-int64 (ids of every size, read by pages alone) and the
 * variants that choose how getPet goes. (A full run of a server is 3 s of CPU; npm test has 5 min.)
 */
const SAME_AFTER_SUNSET = new Set([
  'ids-beyond-safe-integers',
  'ids-counting-down',
  'unlisted-422',
  'body-limit-413',
  'exponent-integers',
  'literal-http-reader',
  'literal-router-before-key',
  'loose-deprecation-notices',
  'origin-policy-403',
  'canonical-redirects',
  'cookies-of-20-kib',
  'gzip-when-asked',
  'http10-505',
  'websocket-beside-api',
  'cacheable-per-key',
  'cdn-caches-per-key',
  'public-must-revalidate-expired',
  'strong-etags-304',
  'index-learns-deletes-late',
  'list-summary-without-status',
]);

/** Every variant, and the reference itself, on both sides of the getPet sunset (but those above). */
export const VARIANTS: readonly ServerVariant[] = [
  ...[
    { name: 'reference', description: 'The reference server itself.', wrap: (app: Handler) => app },
    ...BEFORE_SUNSET,
    ...WIDER_CHOICES,
  ].flatMap((v) => [
    v,
    ...(SAME_AFTER_SUNSET.has(v.name)
      ? []
      : [
          {
            ...v,
            name: `${v.name}@${AFTER_SUNSET_DAY}`,
            description: `${v.description} On ${AFTER_SUNSET_DAY}.`,
            today: AFTER_SUNSET_DAY,
          },
        ]),
  ]),
  // How a server serves connections does not change with the day.
  ...LOAD_VARIANTS,
  // Each freedom the contract leaves, used as far as it allows (judged before the sunset).
  ...FREEDOM_VARIANTS,
  // Spellings of the contract's paths, routed their own way (judged before the sunset).
  ...SPELLING_VARIANTS,
];

// Extra fields in a Pet and a charset parameter are both fine by the contract.
function decorate(res: AppResponse): AppResponse {
  const withField = (pet: unknown) =>
    pet !== null && typeof pet === 'object' && 'id' in pet
      ? { ...pet, createdAt: '2026-01-01T00:00:00Z' }
      : pet;
  const json =
    res.status < 300
      ? mapJson(res, (j) => (Array.isArray(j) ? j.map(withField) : withField(j)))
      : res;
  return json.json === undefined
    ? json
    : {
        ...json,
        raw: jsonText(json.json),
        headers: { ...json.headers, 'content-type': 'application/json;charset=UTF-8' },
      };
}

/** The variant of that name. */
export function findVariant(name: string): ServerVariant {
  const variant = VARIANTS.find((v) => v.name === name);
  if (!variant) throw new Error(`no variant named ${name}`);
  return variant;
}
