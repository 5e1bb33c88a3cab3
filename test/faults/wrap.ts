import { gzipSync } from 'node:zlib';
import { isInteger, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import { acceptedCodings } from '../../src/http/content-coding.ts';
import {
  type AppRequest,
  type AppResponse,
  type Handler,
  normalizePath,
} from '../../src/reference/index.ts';
import { quickExact } from '../../src/reference/new-pet.ts';

export const LIST = /^\/pets$/;
export const ITEM = /^\/pets\/[^/]+$/;
export const ANY = /.*/;

/** The request is for `method` (or any method with '*') on a path matching `path` below /v1. */
export function matches(req: AppRequest, method: string, path: RegExp): boolean {
  const below = normalizePath(req.path).replace(/^\/v1/, '');
  return (method === '*' || req.method === method) && path.test(below);
}

/** Rewrites the answers to one route. */
export function onResponse(
  app: Handler,
  method: string,
  path: RegExp,
  rewrite: (res: AppResponse, req: AppRequest) => AppResponse,
): Handler {
  return async (req) => {
    const res = await app(req);
    return matches(req, method, path) ? rewrite(res, req) : res;
  };
}

/** Rewrites the requests to one route before the reference app sees them. */
export function onRequest(
  app: Handler,
  method: string,
  path: RegExp,
  rewrite: (req: AppRequest) => AppRequest,
): Handler {
  return (req) => app(matches(req, method, path) ? rewrite(req) : req);
}

/** Answers one route itself when `answer` returns something; otherwise the reference answers. */
export function intercept(
  app: Handler,
  method: string,
  path: RegExp,
  answer: (req: AppRequest) => AppResponse | Promise<AppResponse> | undefined,
): Handler {
  return (req) => (matches(req, method, path) ? (answer(req) ?? app(req)) : app(req));
}

/** The request with the right key in it, whatever it carried. */
export function withKey(req: AppRequest, apiKey: string): AppRequest {
  return { ...req, headers: { ...req.headers, authorization: `Bearer ${apiKey}` } };
}

export function withQuery(req: AppRequest, edit: (q: URLSearchParams) => void): AppRequest {
  const query = new URLSearchParams(req.query);
  edit(query);
  return { ...req, query };
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

// Numbers a double holds exactly stay JS numbers (faults do arithmetic on them); larger
// integers become bigints and other numbers keep their text, so nothing is rounded.
const readNumber = (text: string): unknown => {
  if (isSafeNumber(text)) return Number(text);
  return isInteger(text) ? BigInt(text) : new LosslessNumber(text);
};
const LOSSLESS = {
  parseNumber: readNumber,
  onDuplicateKey: ({ newValue }: { newValue: unknown }) => newValue,
};

/** Parses a request body as JSON, exactly, or undefined when it does not parse. */
export function parsedBody(req: AppRequest): unknown {
  try {
    return quickExact(req.body, (text) =>
      parse(text, null, LOSSLESS as Parameters<typeof parse>[2]),
    );
  } catch {
    return undefined;
  }
}

/** JSON text of a value, bigints and kept number texts written exactly. */
export function jsonText(value: unknown): string {
  return stringify(value) ?? 'null';
}

/**
 * The integer a JSON number's text denotes exactly (`9007199254740993.0`, `1.2345678901234567e18`,
 * `10000e-2`), or undefined when its value has a fraction (`1.5`, `1.0000000000000001`).
 */
export function integralValue(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = m;
  const shift = Number(exponent) - fraction.length;
  if (Math.abs(shift) > 400) return undefined;
  const digits = BigInt(`${whole}${fraction}`);
  const scale = 10n ** BigInt(Math.abs(shift));
  if (shift < 0 && digits % scale !== 0n) return undefined;
  const value = shift < 0 ? digits / scale : digits * scale;
  return sign ? -value : value;
}

/** An integer value (a JS integer or a bigint) as a bigint; undefined for anything else. */
export function bigIntOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : undefined;
}

/** Rewrites a JSON object request body, leaving anything else alone. */
export function rewriteJsonBody(
  req: AppRequest,
  fn: (body: Record<string, unknown>) => unknown,
): AppRequest {
  const body = parsedBody(req);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return req;
  return { ...req, body: jsonText(fn(body as Record<string, unknown>)) };
}

/** Rewrites the JSON body of a response. */
export function mapJson(res: AppResponse, fn: (json: unknown) => unknown): AppResponse {
  return res.json === undefined ? res : { ...res, json: fn(res.json) };
}

/** Rewrites every error answer (4xx and 5xx) of every route. */
export function onErrors(app: Handler, rewrite: (res: AppResponse) => AppResponse): Handler {
  return async (req) => {
    const res = await app(req);
    return res.status >= 400 ? rewrite(res) : res;
  };
}

/** An answer with an Error body whose `status` repeats the HTTP status. */
export const errorOf = (status: number, code: string, message: string): AppResponse => ({
  status,
  json: { code, message, status },
});

export const serverError = (): AppResponse => ({
  status: 500,
  json: { code: 'internal', message: 'Something broke.', status: 500 },
});

export const created = (json: unknown): AppResponse => ({ status: 201, json });

/**
 * Every pet getPet and listPets show, mapped by `fn`: a store that keeps a pet other than it
 * echoed it (createPet's answer is built from the request, the reads from the store).
 */
export function onStoredPets(app: Handler, fn: (pet: Record<string, unknown>) => unknown): Handler {
  const each = (pet: unknown) => (isObject(pet) ? fn(pet) : pet);
  const read = (json: unknown) => (Array.isArray(json) ? json.map(each) : each(json));
  return onResponse(
    onResponse(app, 'GET', LIST, (res) => mapJson(res, read)),
    'GET',
    ITEM,
    (res) => mapJson(res, read),
  );
}

/** The request accepts gzip (Accept-Encoding, as browsers and curl --compressed send it; q=0 refuses). */
export const asksGzip = (req: AppRequest) =>
  acceptedCodings(req.headers['accept-encoding']).has('gzip');

/**
 * An answer labelled Content-Encoding: gzip, its octets compressed when `compress` says so for
 * their length (a server deciding after the label may leave small ones as they are).
 */
export function labelledGzip(
  res: AppResponse,
  compress: (length: number) => boolean = () => true,
): AppResponse {
  const octets = Buffer.from(res.raw ?? (res.json === undefined ? '' : jsonText(res.json)));
  const type: Record<string, string> =
    res.json === undefined ? {} : { 'content-type': 'application/json' };
  const headers = { ...type, ...res.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
  return { status: res.status, headers, raw: compress(octets.length) ? gzipSync(octets) : octets };
}
