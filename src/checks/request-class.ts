import { isLosslessNumber, type LosslessNumber } from 'lossless-json';
import { withoutOws } from '../base/field-value.ts';
import { isPetStatus, LIMIT, type OperationName, type PetStatus } from '../contract/contract.ts';
import { validate } from '../contract/schemas.ts';
import {
  doubleRoundedInteger,
  INT64_MAX,
  INT64_MIN,
  integerValue,
  isInt64,
} from '../http/exact.ts';
import type { RecordedRequest } from '../http/exchange.ts';
import { isJsonSpace, type ParsedJson, parseJsonBody, TOO_DEEP } from '../http/json-body.ts';
import { writtenTarget } from '../http/transfer.ts';

/**
 * How a request presented the credential: the configured key as the contract writes it
 * (`Bearer <key>`), none (no Authorization header), a wrong one (another token or scheme), or
 * `unclear`: the key in a form RFC 9110 may count as the same (another case of the scheme
 * name, more spaces), which the harness does not judge as either.
 */
export type Credential = 'key' | 'none' | 'wrong' | 'unclear';

/** What a request is, as the contract sees it: its operation, credential and input. */
export interface RequestClass {
  operation: OperationName;
  credential: Credential;
  /**
   * Whether the input keeps the contract's rules, so the contract fixes the answer: a valid
   * query; a NewPet with nothing else (`extra`: unknown fields, left open; `invalid`: owed 400);
   * an int64 petId. `open` for anything the contract prescribes no answer for.
   */
  input: 'valid' | 'extra' | 'invalid' | 'open';
  /** listPets: the page size the answer may hold at most, and the status filter. */
  limit?: number;
  status?: PetStatus;
  /** createPet: the body as sent, parsed exactly (numbers as their text). */
  sent?: Record<string, unknown>;
  /**
   * Written in a form only an RFC makes the contract's request: without the key, any 4xx Error
   * is a refusal of a request the server need not read as the contract's (EQUIV-* judges it).
   */
  rfcForm?: true;
  /**
   * Sent with a Host other than the base URL's authority: a server may refuse it as not
   * addressed to it (RFC 9110 7.4, 15.5.20: 421), send it to its own name, or serve it as its own.
   * Without the key it must not be served; any refusal or redirect will do.
   */
  foreignHost?: true;
  /**
   * Sent in another version of HTTP than 1.1 (HTTP/1.0): a server may refuse the version with
   * 505 (RFC 9110 15.6.6), as EQUIV-FRAMING accepts.
   */
  otherVersion?: true;
  /** getPet: the petId as sent (decoded), and its value when it is an int64. */
  petId?: string;
  int64Id?: bigint;
}

/** What a request is judged against beyond itself: the key, and where the API lives. */
export interface ClassContext {
  apiKey: string;
  /** The base URL's path, e.g. `/v1` (no trailing slash). */
  basePath: string;
  /** Header names the run adds to every request (-H), besides the harness's own. */
  runHeaders?: readonly string[];
}

/** Headers the harness itself sends; any other may give a server a reason to refuse. */
const OWN_HEADERS = new Set(['accept', 'accept-encoding', 'authorization', 'content-type']);

/** A header's value by its name in any letter case (RFC 9110 5.1: field names are case-insensitive). */
export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const found = Object.keys(headers).find((h) => h.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

export function credentialOf(headers: Record<string, string>, apiKey: string): Credential {
  // Whitespace around a field value is no part of it (RFC 9110 5.5).
  const field = headerOf(headers, 'authorization');
  const value = field === undefined ? undefined : withoutOws(field);
  if (value === undefined) return 'none';
  if (value === `Bearer ${apiKey}`) return 'key';
  const match = /^(\S+)[ \t]+(.*)$/.exec(value);
  const sameKey = match?.[1]?.toLowerCase() === 'bearer' && withoutOws(match[2] ?? '') === apiKey;
  return sameKey ? 'unclear' : 'wrong';
}

/** Headers beyond the harness's own and the run's, or an Accept other than JSON's. */
function unusualHeaders(req: RecordedRequest, ctx: ClassContext): boolean {
  const run = new Set(ctx.runHeaders?.map((h) => h.toLowerCase()));
  const names = Object.keys(req.headers).map((h) => h.toLowerCase());
  if (names.some((h) => !OWN_HEADERS.has(h) && !run.has(h))) return true;
  const accept = req.headers.accept;
  return accept !== undefined && accept !== 'application/json';
}

/**
 * A request written in a form that is the contract's request by an RFC alone (equivalence-table.ts,
 * `basis: 'rfc'`): a percent-encoded path, the absolute-form, a chunked body. The contract fixes
 * no answer to it (HTTP's own MUSTs are judged where certify asks, by EQUIV-*).
 */
function writtenAsOnlyAnRfcAllows(req: RecordedRequest, url: URL): boolean {
  return req.absoluteForm === true || req.framing !== undefined || url.pathname.includes('%');
}

const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

export function listClass(url: URL): Pick<RequestClass, 'input' | 'limit' | 'status'> {
  const names = [...url.searchParams.keys()];
  const known = names.every((n) => n === 'limit' || n === 'status');
  const once = new Set(names).size === names.length;
  const rawLimit = url.searchParams.get('limit');
  const rawStatus = url.searchParams.get('status');
  const limit = rawLimit === null ? LIMIT.default : Number(rawLimit);
  const limitOk =
    rawLimit === null ||
    (CANONICAL_INTEGER.test(rawLimit) && limit >= LIMIT.min && limit <= LIMIT.max);
  const statusOk = rawStatus === null || isPetStatus(rawStatus);
  if (!(known && once && limitOk && statusOk)) return { input: 'open', limit: LIMIT.max };
  return {
    input: 'valid',
    limit,
    ...(rawStatus !== null && isPetStatus(rawStatus) ? { status: rawStatus } : {}),
  };
}

const NEW_PET_FIELDS = new Set(['name', 'categoryId', 'status']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Beside the request, as json-body.ts keeps a response's: the run's ledger reads a createPet
// body twice (its class and its cells of the request space), and a body may be megabytes.
const parsedRequests = new WeakMap<RecordedRequest, ParsedJson>();

/** A request's body (`req.body`, given) parsed both ways (see parseJsonBody), once a request. */
export function parsedRequestBody(req: RecordedRequest, body: string): ParsedJson {
  let parsed = parsedRequests.get(req);
  if (!parsed) {
    parsed = parseJsonBody(body);
    parsedRequests.set(req, parsed);
  }
  return parsed;
}

/** An integer written with a fraction part or an exponent, e.g. `1e2` or `100.0`. */
function integerSpelledOtherwise(value: unknown): boolean {
  return (
    isLosslessNumber(value) &&
    /[.eE]/.test((value as LosslessNumber).value) &&
    integerValue(value) !== undefined
  );
}

/** Whether a createPet body is a NewPet as sent (its JSON text parsed exactly), and the body. */
export function newPetInput(
  body: string | undefined,
  parse: (text: string) => ParsedJson = parseJsonBody,
): Pick<RequestClass, 'input' | 'sent'> {
  if (body === undefined || body.trim() === '') return { input: 'invalid' };
  // A byte order mark first: a parser MAY ignore it (RFC 8259 8.1), so no answer is owed.
  if (body.charCodeAt(0) === 0xfeff) return { input: 'open' };
  const parsed = parse(body);
  // Nested deeper than the harness reads (valid JSON all the same): a parser MAY limit the depth.
  if ('jsonError' in parsed)
    return { input: parsed.jsonError.startsWith(TOO_DEEP) ? 'open' : 'invalid' };
  const { json, exact } = parsed;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { input: 'invalid' };
  const sent = exact as Record<string, unknown>;
  // A name given twice: which one a server reads is its own choice.
  if (hasRepeatedName(body)) return { input: 'open', sent };
  // A string with a lone surrogate: what a parser makes of it is unpredictable (RFC 8259 8.2).
  if (Object.values(sent).some((v) => typeof v === 'string' && LONE_SURROGATE.test(v)))
    return { input: 'open', sent };
  // A fraction a double rounds to an integer: a reader with a double's precision (RFC 8259 6)
  // reads a valid NewPet.
  if (doubleRoundedInteger(sent.categoryId) !== undefined) return { input: 'open', sent };
  // An integer written with a fraction part or an exponent (1e2, 100.0): a reader of integer
  // literals only finds the value invalid (400), another reads the integer (EQUIV-JSON judges
  // which it was).
  if (integerSpelledOtherwise(sent.categoryId)) return { input: 'open', sent };
  if (!validate('newPet', json).valid || !isInt64(sent.categoryId))
    return { input: 'invalid', sent };
  const extra = Object.keys(sent).some((k) => !NEW_PET_FIELDS.has(k));
  return { input: extra ? 'extra' : 'valid', sent };
}

/**
 * A JSON text naming a member twice in one object (RFC 8259 4: names SHOULD be unique). Cheap
 * and loose: a quoted word followed by a colon twice anywhere counts. One pass over the text,
 * each string literal read once from its opening quote: a pattern tried at every quote would
 * read a long name of escaped quotes again from each of them (quadratic: minutes for a MiB).
 */
function hasRepeatedName(text: string): boolean {
  const names = new Set<string>();
  let i = text.indexOf('"');
  while (i !== -1) {
    let end = i + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    let next = end + 1;
    while (next < text.length && isJsonSpace(text.charCodeAt(next))) next++;
    if (text[next] === ':') {
      const name = text.slice(i, end + 1);
      if (names.has(name)) return true;
      names.add(name);
    }
    i = text.indexOf('"', end + 1);
  }
  return false;
}

function idClass(raw: string): Pick<RequestClass, 'input' | 'petId' | 'int64Id'> {
  let petId: string;
  try {
    petId = decodeURIComponent(raw);
  } catch {
    return { input: 'open', petId: raw };
  }
  if (!/^-?\d{1,19}$/.test(petId) || !CANONICAL_INTEGER.test(petId))
    return { input: 'open', petId };
  const id = BigInt(petId);
  return id >= INT64_MIN && id <= INT64_MAX
    ? { input: 'valid', petId, int64Id: id }
    : { input: 'open', petId };
}

/**
 * A request under the base address that no operation describes (another path or method, a
 * path spelled otherwise), in a form no HTTP layer refuses before the service reads it: the
 * harness's own headers, origin-form, HTTP/1.1, a body in one piece of UTF-8, sent to the
 * target's own Host. HEAD is left out: its answers carry no body (RFC 9110 9.3.2).
 */
export function isStrayRequest(req: RecordedRequest, ctx: ClassContext): boolean {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return false;
  }
  const host = headerOf(req.headers, 'host');
  const plainForm = !req.absoluteForm && !req.framing && !req.httpVersion && !req.notUtf8;
  return (
    url.pathname.startsWith(`${ctx.basePath}/`) &&
    req.method !== 'HEAD' &&
    plainForm &&
    !backslashed(req) &&
    !extensionMethod(req) &&
    (host === undefined || host.toLowerCase() === url.host.toLowerCase()) &&
    !unusualHeaders(req, ctx) &&
    classifyRequest(req, ctx) === undefined
  );
}

/** A `.` or `..` segment, also percent-encoded: a URL parser resolves it, the wire kept it. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;

/**
 * A backslash in the path as written: WHATWG URL reads it as `/` (so the recorded URL's path is
 * not what went), a server may take it for another path or its HTTP layer refuse it. Neither an
 * operation's request nor a stray one; judged only for what it shows without the key.
 */
const RFC_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'HEAD']);

/**
 * A method beyond RFC 9110's and PATCH (QUERY, SEARCH, PROPFIND): an HTTP layer before the service
 * may refuse it its own way (Node's parser answers a bare 400 to one it does not know), so it is
 * no stray request; judged only for what it shows without the key.
 */
const extensionMethod = (req: RecordedRequest) => !RFC_METHODS.has(req.method.toUpperCase());

const backslashed = (req: RecordedRequest) =>
  (writtenTarget(req.url).split('?')[0] ?? '').includes('\\');

/**
 * The operation, credential and input of a request, or undefined for one no operation of the
 * contract describes (another path or method, or a path spelled otherwise than the contract
 * writes it: `/v1/./pets` is sent as written, not as `new URL` resolves it): those are not
 * judged against it.
 */
export function classifyRequest(req: RecordedRequest, ctx: ClassContext): RequestClass | undefined {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return undefined;
  }
  if (DOT_SEGMENT.test(writtenTarget(req.url).split('?')[0] ?? '')) return undefined;
  if (backslashed(req)) return undefined;
  // A WebSocket handshake is another protocol's request: a server may refuse it its own way or
  // close the connection. Judged only for what it shows without the key (AnswerLedger).
  if (headerOf(req.headers, 'upgrade') !== undefined) return undefined;
  if (!url.pathname.startsWith(`${ctx.basePath}/`)) return undefined;
  const rest = url.pathname.slice(ctx.basePath.length);
  const credential = credentialOf(req.headers, ctx.apiKey);
  const unusual = unusualHeaders(req, ctx) || writtenAsOnlyAnRfcAllows(req, url);
  // In absolute-form, the target's authority is the request's, not Host (RFC 9112 3.2.2).
  const host = req.absoluteOrigin
    ? new URL(req.absoluteOrigin).host
    : headerOf(req.headers, 'host');
  const marked = {
    ...(req.rfcForm ? { rfcForm: true as const } : {}),
    ...(host !== undefined && host.toLowerCase() !== url.host.toLowerCase()
      ? { foreignHost: true as const }
      : {}),
    ...(req.httpVersion ? { otherVersion: true as const } : {}),
  };
  const open = (c: RequestClass): RequestClass => ({
    ...(unusual || req.rfcForm ? { ...c, input: 'open' as const } : c),
    ...marked,
  });
  if (rest === '/pets' && req.method === 'GET')
    return open({ operation: 'listPets', credential, ...listClass(url) });
  if (rest === '/pets' && req.method === 'POST') {
    const json = req.headers['content-type'] === 'application/json' && url.search === '';
    // Octets that are no UTF-8: what a parser makes of them is its own (RFC 8259 8.1).
    const input = req.notUtf8
      ? { input: 'open' as const }
      : newPetInput(req.body, (text) => parsedRequestBody(req, text));
    return open({
      operation: 'createPet',
      credential,
      ...input,
      ...(json ? {} : { input: 'open' }),
    });
  }
  const item = /^\/pets\/([^/]+)$/.exec(rest);
  if (item?.[1] !== undefined && req.method === 'GET') {
    const id = idClass(item[1]);
    return open({
      operation: 'getPet',
      credential,
      ...id,
      ...(url.search ? { input: 'open' } : {}),
    });
  }
  return undefined;
}
