import { isUtf8 } from 'node:buffer';
import { stringify } from 'lossless-json';
import { inertLine } from '../base/inert.ts';
import { type ChunkFraming, describeFraming } from './chunk-framing.ts';
import { Connections } from './connections.ts';
import { acceptedCodings, undoCoding } from './content-coding.ts';
import type { Exchange, RecordedRequest, RecordedResponse, TransportError } from './exchange.ts';
import { heldExchange } from './held.ts';
import { differingDuplicate, keepExact, parseJsonBody } from './json-body.ts';
import { fieldLines } from './request-line.ts';
import { transfer } from './transfer.ts';
import { undici } from './undici.ts';

/** How a request authenticates: with the configured key, not at all, or with a header value given as is. */
export type Auth = 'key' | 'none' | { authorization: string };

export interface SendOptions {
  method: string;
  /** Path below the base URL, e.g. `/pets` or `/pets/12`. */
  path: string;
  /** Query string without `?`, sent exactly as given, or name/value pairs to encode. */
  query?: string | Record<string, string | number | undefined>;
  /** A value sent as JSON. */
  json?: unknown;
  /** A body sent as is (for malformed or non-object bodies). */
  rawBody?: string;
  /**
   * A body sent as these octets, which need not be UTF-8 (a JSON text with an invalid byte): the
   * record keeps it decoded leniently, and says the octets were no UTF-8 (`notUtf8`).
   */
  bodyOctets?: Uint8Array;
  /** A body sent as is, in these pieces, with chunked framing (RFC 9112 7.1), no Content-Length. */
  bodyChunks?: readonly string[];
  /** Chunk extensions and a trailer section for `bodyChunks` (RFC 9112 7.1.1, 7.1.2). */
  chunkFraming?: ChunkFraming;
  /**
   * Sent on a connection opened for it alone: a request sent again after the target closed a
   * connection under it (RFC 9112 9.3.1.1), which must not meet another closing idle one.
   */
  freshConnection?: boolean;
  /**
   * Milliseconds between the pieces of `bodyChunks`, besides a poll for I/O: a request sent again
   * after its connection closed under the pieces gives a server that answers before the body
   * time to answer, and the client time to read it, before the next piece's write.
   */
  pieceGapMs?: number;
  /**
   * The request target in absolute-form (`GET http://host/v1/pets`, RFC 9112 3.2.2), which a
   * server MUST accept, instead of origin-form (`GET /v1/pets`); a string is the origin the
   * target names in place of the base URL's (`http://localhost`: another authority).
   */
  absoluteForm?: boolean | string;
  /**
   * The request line says HTTP/1.0 (RFC 9112 2.3), on a connection of its own; `without-host`:
   * and the head has no Host field (HTTP/1.0 needs none).
   */
  http10?: boolean | 'without-host';
  /** The head carries `Expect: 100-continue` (RFC 9110 10.1.1), on a connection of its own. */
  expectContinue?: boolean;
  /**
   * Header fields undici refuses to write (`Upgrade`, `Connection: upgrade`), written by the
   * socket after the request line, on a connection of its own (request-line.ts).
   */
  rawFields?: Readonly<Record<string, string>>;
  /**
   * Sent after a HEAD of itself, on a connection of its own, once the HEAD's answer head came
   * (request-line.ts withHeadFirst): its answer is what follows that header section.
   */
  afterOwnHead?: boolean;
  /**
   * The request is the contract's only by an RFC (a relation of docs/equivalences.md marked
   * "RFC alone"): a server that does not read it so may refuse it as it would any request it
   * does not serve, with the key or without (carried into the record; request-class.ts).
   */
  rfcForm?: boolean;
  /**
   * `path` is the whole path from the target's origin (the base URL's own path is not put
   * before it) and goes on the wire as written: dot segments are not resolved nor doubled
   * slashes merged, as a URL parser would (a spelling of a contract path, AUTH-PATH-SPELLINGS).
   */
  asWritten?: boolean;
  /**
   * Header fields to send; a name in any letter case replaces the harness's own of that name.
   * A list of values is sent as that many field lines of the one name (RFC 9110 5.3).
   */
  headers?: Record<string, string | readonly string[]>;
  /** Header fields the harness sends by default (lower-case names) to leave out, e.g. `accept`. */
  dropHeaders?: readonly string[];
  auth?: Auth;
  /**
   * Asked when the request's turn to go has come (it may have waited for a slot): a reason not
   * to send it after all, e.g. its check was settled meanwhile; undefined to send it.
   */
  holdBack?: () => string | undefined;
  /** Abandons the request before its deadline (its answer would no longer be judged). */
  signal?: AbortSignal;
  /**
   * One of several sent at once on purpose (RUN-AT-ONCE): let in while fewer than the ceiling
   * (--concurrency) are in flight, past the load window, which on a busy machine holds two or
   * three and would never show the target more at once.
   */
  together?: boolean;
  /** Who sent it (a check's id, `seed`, `preflight`): carried into the exchange as is. */
  check?: string;
  /** Requests in flight to the target when it was sent, itself included (set by the throttle). */
  load?: number;
}

/** TLS settings of the connections, as undici's connect options take them (PEM text). */
export interface TlsOptions {
  ca?: string;
  cert?: string;
  key?: string;
  /** false only when --insecure says so, and every run then says it. */
  rejectUnauthorized?: false;
}

/** What every request of a run carries beyond the key: extra headers (-H), and TLS settings. */
export interface Connection {
  headers?: Record<string, string>;
  tls?: TlsOptions;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  connection?: Connection;
  /** Largest response body kept; the rest is cut and the response marked truncated. */
  maxBodyBytes?: number;
  /** Called with every exchange once it is complete (raw: whoever keeps it redacts it). */
  onExchange?: (exchange: Exchange) => void;
  /** Connections kept open to the target at most. */
  connections?: number;
  /**
   * Answers come back whole, for an interceptor further up to hold cut (holdingForJudging) once
   * the judge of every answer has read all of them; by default they come back held.
   */
  holdWhole?: boolean;
}

export interface HttpClient {
  send(options: SendOptions): Promise<Exchange>;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
/** The code of a request the harness gave up on itself (SendOptions.signal). */
export const ABANDONED = 'ABANDONED';
/**
 * The code of an answer the client could not read because a response came that nothing asked
 * for: an interim 1xx such as 100 Continue (the harness never sends Expect), or a second
 * response. RFC 9110 15.2 lets a client ignore unexpected 1xx; undici stops reading instead,
 * so such an answer is the harness's limit, not the target's fault.
 */
export const UNSOLICITED = 'UNSOLICITED_RESPONSE';
/**
 * The code of a large body the connection was closed under before any answer came: a body size
 * limit that answers at the head (a proxy's 413) and closes at once loses its answer under the
 * body still on its way (RFC 9112 9.6 asks a server to close in stages; not all do). What was
 * said is unknown, so nothing is judged of it.
 */
export const BODY_CUT_OFF = 'BODY_CUT_OFF';
/** From this size on, a body cut off is read as a size limit's (Express's default is 100 KB). */
const LARGE_BODY = 64 * 1024;
/** The transport errors of a connection closed under a request (undici's, and the socket's). */
export const CLOSED_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** A large body's connection closed before any answer came, as BODY_CUT_OFF; else undefined. */
export function cutOffBody(error: TransportError, bytes: number): TransportError | undefined {
  if (bytes < LARGE_BODY || error.afterAnswerBegan || !CLOSED_CODES.has(error.code))
    return undefined;
  return {
    code: BODY_CUT_OFF,
    message: `the connection was closed while the ${bytes}-octet body was on its way, before any answer (${error.code}): a body size limit may have answered and closed at once, so nothing is judged of it`,
  };
}
const UNSOLICITED_MESSAGE =
  'the target sent a response nothing asked for (an interim 1xx such as 100 Continue) before its answer, and the HTTP client cannot read past it';
let sequence = 0;

/** Joins the base URL and a path, keeping the base URL's own path (the `/v1` prefix). */
export function buildUrl(baseUrl: string, path: string, query?: SendOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
  if (query === undefined) return url;
  if (typeof query === 'string') return `${url}?${query}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** Header fields as sent: a list of values goes as that many field lines of one name. */
type WireHeaders = Record<string, string | readonly string[]>;

function requestHeaders(
  options: SendOptions,
  apiKey: string,
  extra: Record<string, string> = {},
): WireHeaders {
  // identity: a body the harness reads is never inflated, so no compression bomb can go off.
  const headers: WireHeaders = {
    accept: 'application/json',
    'accept-encoding': 'identity',
    ...extra,
  };
  for (const name of options.dropHeaders ?? []) delete headers[name];
  // A field name is case-insensitive (RFC 9110 5.1): one given in another case replaces ours.
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    for (const key of Object.keys(headers))
      if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
    headers[name] = value;
  }
  const auth = options.auth ?? 'key';
  if (auth === 'key') headers.authorization = `Bearer ${apiKey}`;
  else if (auth !== 'none') headers.authorization = auth.authorization;
  const hasBody =
    options.json !== undefined ||
    options.rawBody !== undefined ||
    options.bodyChunks !== undefined ||
    options.bodyOctets !== undefined;
  const typed = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
  // A body sent with no media type at all is asked for by dropping the field.
  if (hasBody && !typed && !options.dropHeaders?.includes('content-type')) {
    headers['content-type'] = 'application/json';
  }
  return headers;
}

/** The request carries the key as the contract writes it, `Authorization: Bearer <key>`. */
function carriesKey(headers: WireHeaders, apiKey: string): boolean {
  return Object.entries(headers).some(
    ([name, value]) => name.toLowerCase() === 'authorization' && value === `Bearer ${apiKey}`,
  );
}

/**
 * The header fields as a record keeps them: a field sent as several field lines holds its
 * values joined by LF, which no field value can contain (RFC 9110 5.5), so the lines stay apart.
 */
function recordedHeaders(headers: WireHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value.join('\n'),
    ]),
  );
}

function flattenHeaders(
  raw: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

// ignoreBOM keeps a byte order mark in the text: the body is judged as it arrived.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BOM = [0xef, 0xbb, 0xbf];
/** RFC 8259 8.1: "Implementations MUST NOT add a byte order mark (U+FEFF) to the beginning of a networked-transmitted JSON text." */
export const BOM_ERROR =
  'body starts with a UTF-8 byte order mark (RFC 8259 8.1: a JSON sender MUST NOT add one)';

/** Why a body naming a member twice with different values is no answer one can read. */
export const duplicateError = (name: string) =>
  `an object names ${JSON.stringify(inertLine(name))} twice with different values (RFC 8259 4: which one a client reads is unpredictable)`;

/**
 * The body with a content coding the request accepted undone (a form that sends Accept-Encoding:
 * gzip), or why it cannot be; undefined when the answer has none the request accepted.
 */
function acceptedBody(
  bytes: Buffer,
  response: Record<string, string>,
  request: WireHeaders,
  cap: number,
): { bytes: Buffer } | { error: string } | undefined {
  const coding = response['content-encoding'];
  if (!coding) return undefined;
  const asked = Object.entries(request).find(([name]) => name.toLowerCase() === 'accept-encoding');
  const value = asked?.[1];
  const accepted = acceptedCodings(Array.isArray(value) ? value.join(', ') : (value as string));
  return undoCoding(bytes, coding, accepted, cap);
}

/** A Content-Encoding the request did not accept (it asked for identity), or undefined. */
function unaskedEncoding(headers: Record<string, string>): string | undefined {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  return encoding && encoding !== 'identity' ? encoding : undefined;
}

const lenientUtf8 = new TextDecoder('utf-8');
/** Bytes of an answer cut at the size cap that its record keeps. */
const CUT_BODY_BYTES = 64 * 1024;

function decodeBody(
  bytes: Buffer,
  encoding: string | undefined,
  truncated: boolean,
): Pick<RecordedResponse, 'body' | 'json' | 'jsonError'> & { exact?: unknown } {
  // A body cut at the cap is no JSON (and may end inside a character): nothing to parse.
  // Judged as over the cap whatever it holds: its start is evidence enough, not megabytes kept.
  if (truncated)
    return {
      body: lenientUtf8.decode(bytes.subarray(0, CUT_BODY_BYTES)),
      jsonError: 'cut at the size cap',
    };
  if (encoding) {
    return {
      body: bytes.toString('latin1'),
      jsonError: `body has Content-Encoding '${encoding}', but the request accepted only identity`,
    };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { body: bytes.toString('latin1'), jsonError: 'body is not valid UTF-8' };
  }
  if (text.length === 0) return { body: '' };
  if (BOM.every((byte, i) => bytes[i] === byte)) return { body: text, jsonError: BOM_ERROR };
  const parsed = parseJsonBody(text);
  if ('jsonError' in parsed) return { body: text, jsonError: parsed.jsonError };
  const twice = differingDuplicate(text);
  if (twice !== undefined) return { body: text, jsonError: duplicateError(twice) };
  return { body: text, json: parsed.json, exact: parsed.exact };
}

/** Names a transport failure with a stable code and a one-line message. */
export function describeTransportError(error: unknown, timeoutMs: number): TransportError {
  const err = error as { code?: string; name?: string; message?: string; cause?: unknown };
  const timedOut =
    err.name === 'TimeoutError' ||
    err.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    err.code === 'UND_ERR_BODY_TIMEOUT' ||
    err.code === 'UND_ERR_CONNECT_TIMEOUT' ||
    error instanceof undici.errors.HeadersTimeoutError;
  const began = (error as { afterAnswerBegan?: true }).afterAnswerBegan;
  if (timedOut) {
    // A status line and headers came, then the body stopped: the target did answer, and hung.
    if (began)
      return {
        code: 'TIMEOUT',
        message: `no complete answer within ${timeoutMs} ms (the status line and headers came, the body did not end)`,
        afterAnswerBegan: true,
      };
    return { code: 'TIMEOUT', message: `no answer within ${timeoutMs} ms` };
  }
  if (err.name === 'AbortError') return { code: ABANDONED, message: 'abandoned by the harness' };
  // undici's own words for a status line it met with no request waiting, or a 100.
  if (err.code === 'UND_ERR_SOCKET' && err.message === 'bad response') {
    return { code: UNSOLICITED, message: UNSOLICITED_MESSAGE };
  }
  if (err.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return {
      code: err.code,
      message:
        "the body's octets do not match its Content-Length (fewer came before the connection closed, or the header was repeated or sent with chunked framing)",
      ...(began ? { afterAnswerBegan: true } : {}),
    };
  }
  const cause = err.cause as { code?: string; message?: string } | undefined;
  const code = cause?.code ?? err.code ?? err.name ?? 'ERROR';
  const message = cause?.message ?? err.message ?? String(error);
  return {
    code,
    message: tlsMessage(code, message) ?? message,
    ...(began ? { afterAnswerBegan: began } : {}),
  };
}

// Certificate failures carry OpenSSL's verify codes; handshake failures an OpenSSL error line.
const CERT_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT/;

/** A one-line account of a TLS failure, without OpenSSL's file and line noise; else undefined. */
function tlsMessage(code: string, message: string): string | undefined {
  if (CERT_CODES.test(code)) return `TLS certificate rejected: ${message} (${code})`;
  const reason = /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1];
  if (reason || code.startsWith('ERR_SSL')) return `TLS handshake failed: ${reason ?? message}`;
  return undefined;
}

/** A body up to this size gets the run's --timeout alone; past it, one more second a step. */
const BODY_FREE = 64 * 1024;
const BODY_STEP = 256 * 1024;

/**
 * The time a request's body adds to its deadline: a second for every 256 KiB past the first 64
 * KiB (a 1 MiB body, 4 s more; the 4 MiB cap, 16 s). A server that takes 6 s to store a
 * megabyte name is slow, not hung; one that never answers is still bounded.
 */
export function bodyAllowanceMs(body: string | undefined): number {
  const bytes = body === undefined ? 0 : Buffer.byteLength(body);
  return bytes <= BODY_FREE ? 0 : Math.ceil((bytes - BODY_FREE) / BODY_STEP) * 1000;
}

/** One undici-based client: every request has a deadline, statuses are data, every exchange is recorded. */
export function createClient(options: ClientOptions): HttpClient {
  const { baseUrl, apiKey, timeoutMs } = options;
  const cap = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const connections = new Connections({
    connections: options.connections ?? 4,
    timeoutMs,
    ...(options.connection?.tls ? { connect: { ...options.connection.tls } } : {}),
  });

  async function send(req: SendOptions): Promise<Exchange> {
    const url = buildUrl(req.asWritten ? new URL(baseUrl).origin : baseUrl, req.path, req.query);
    const headers = requestHeaders(req, apiKey, options.connection?.headers);
    // lossless-json writes a bigint as the exact integer it is (a categoryId beyond 2^53).
    const body =
      req.rawBody ??
      (req.bodyOctets ? lenientUtf8.decode(req.bodyOctets) : undefined) ??
      req.bodyChunks?.join('') ??
      (req.json === undefined ? undefined : stringify(req.json));
    const rawFields = {
      ...(req.expectContinue ? { expect: '100-continue' } : {}),
      ...req.rawFields,
    };
    const recordedRequest: RecordedRequest = {
      method: req.method,
      url,
      headers: { ...recordedHeaders(headers), ...rawFields },
      ...(body === undefined ? {} : { body }),
      ...(req.absoluteForm ? { absoluteForm: true as const } : {}),
      ...(typeof req.absoluteForm === 'string' ? { absoluteOrigin: req.absoluteForm } : {}),
      ...(req.http10 ? { httpVersion: '1.0' as const } : {}),
      ...(req.http10 === 'without-host' ? { withoutHost: true as const } : {}),
      ...(req.rfcForm ? { rfcForm: true as const } : {}),
      ...(req.afterOwnHead ? { afterOwnHead: true as const } : {}),
      ...(req.bodyOctets && !isUtf8(req.bodyOctets) ? { notUtf8: true as const } : {}),
      ...(carriesKey(headers, apiKey) ? { keyed: true as const } : {}),
      ...(req.bodyChunks
        ? { framing: describeFraming(req.bodyChunks.length, req.chunkFraming) }
        : {}),
    };
    // Numbered when sent, not when answered: with requests in flight together, the log still
    // lists them in the order the harness sent them.
    const seq = ++sequence;
    const startedAt = new Date();
    const start = performance.now();
    let afterHead: string | undefined;
    const finish = (rest: Pick<Exchange, 'response' | 'error'>): Exchange => {
      const exchange: Exchange = {
        ...(afterHead === undefined ? {} : { afterHead }),
        seq,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round((performance.now() - start) * 10) / 10,
        request: recordedRequest,
        ...(req.check === undefined ? {} : { check: req.check }),
        ...(req.load === undefined ? {} : { load: req.load }),
        ...rest,
      };
      options.onExchange?.(exchange);
      return options.holdWhole ? exchange : heldExchange(exchange);
    };
    // A large body takes a server longer to read, parse and store: more time, not a hang.
    const allowedMs = timeoutMs + bodyAllowanceMs(body);
    try {
      const request = {
        url,
        method: req.method,
        headers,
        body: req.bodyChunks ?? req.bodyOctets ?? body,
        ...(req.absoluteForm ? { absoluteForm: req.absoluteForm } : {}),
        ...(req.asWritten ? { asWritten: true } : {}),
        timeoutMs: allowedMs,
        ...(req.pieceGapMs ? { pieceGapMs: req.pieceGapMs } : {}),
        maxBodyBytes: cap,
        signal: req.signal,
      };
      // A framing of chunks applies to a body sent in chunks only.
      const lease = connections.lease({
        chunkFraming: req.bodyChunks ? req.chunkFraming : undefined,
        freshConnection: req.freshConnection,
        http10: req.http10,
        rawFields: Object.keys(rawFields).length ? fieldLines(rawFields) : undefined,
        headFirst: req.afterOwnHead
          ? (line) => {
              afterHead = printable(line);
            }
          : undefined,
      });
      const res = await transfer(lease.dispatcher, request).finally(lease.release);
      const { bytes, truncated, wholeBytes, overrun } = res;
      const responseHeaders = flattenHeaders(res.headers);
      const coding = truncated ? undefined : acceptedBody(bytes, responseHeaders, headers, cap);
      const { exact, ...decoded } =
        coding && 'error' in coding
          ? { body: bytes.toString('latin1'), jsonError: coding.error }
          : coding
            ? decodeBody(coding.bytes, undefined, false)
            : decodeBody(bytes, unaskedEncoding(responseHeaders), truncated);
      const response: RecordedResponse = {
        status: res.status,
        headers: responseHeaders,
        ...decoded,
        ...(truncated ? { truncated: true } : {}),
        ...(wholeBytes === undefined ? {} : { wholeBytes }),
        ...(overrun ? { overrun } : {}),
      };
      return finish({ response: keepExact(response, exact) });
    } catch (error) {
      const described = describeTransportError(error, allowedMs);
      return finish({ error: cutOffBody(described, Buffer.byteLength(body ?? '')) ?? described });
    }
  }

  return { send, close: () => connections.close() };
}

/** A line from the wire as plain printable ASCII (at most 200 characters), for the record. */
function printable(line: string): string {
  return line.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}
