import { isLosslessNumber } from 'lossless-json';
import { detached } from '../base/detached.ts';
/**
 * One HTTP request and what came back, raw as sent and received: checks judge it as it was;
 * it is redacted (redactExchange) wherever it leaves the harness.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Header fields; a value holding LF was sent as that many field lines (RFC 9110 5.3). */
  headers: Record<string, string>;
  body?: string;
  /** Set when a record keeps only the start of `body`: the length of the body it was cut from. */
  bodyLength?: number;
  /** Sent with the request target in absolute-form, the whole URL (RFC 9112 3.2.2). */
  absoluteForm?: true;
  /** The origin the absolute-form target named, when not the URL's own (another authority). */
  absoluteOrigin?: string;
  /** Sent as HTTP/1.0 (absent: HTTP/1.1). */
  httpVersion?: '1.0';
  /** Sent without a Host field (HTTP/1.0 needs none). */
  withoutHost?: true;
  /** How a body sent chunked was framed, in words (chunk-framing.ts); absent: Content-Length. */
  framing?: string;
  /** The body's octets were no UTF-8: `body` holds them decoded leniently (U+FFFD). */
  notUtf8?: true;
  /** Sent with the run's valid key as the contract writes it (`Bearer <key>`). */
  keyed?: true;
  /** Written in a form only an RFC makes the contract's request (SendOptions.rfcForm). */
  rfcForm?: true;
  /** Sent after a HEAD of itself on one connection (SendOptions.afterOwnHead). */
  afterOwnHead?: true;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text (decoded as UTF-8), cut at the body cap. */
  body: string;
  /** The body parsed as JSON, when it parses; `undefined` otherwise. */
  json?: unknown;
  /** True when the body did not parse as JSON. */
  jsonError?: string;
  /** True when the body was longer than the cap and was cut. */
  truncated?: boolean;
  /** For a body cut at the cap that did end (read past the cap, dropped): its whole length. */
  wholeBytes?: number;
  /** Set when more octets followed the body than its Content-Length framed (see transfer.ts). */
  overrun?: string;
  /** Set when a record keeps only the start of `body`: the length of the body it was cut from. */
  bodyLength?: number;
}

/** A transport failure: the target never gave a complete answer. */
export interface TransportError {
  /** A stable code, e.g. `TIMEOUT`, `ECONNREFUSED`, `UND_ERR_SOCKET`. */
  code: string;
  message: string;
  /** Set when the failure came after the answer had begun (its status line had arrived). */
  afterAnswerBegan?: true;
}

/** An earlier attempt at the same request, sent again (see retry.ts and the throttle). */
export interface EarlierAttempt {
  error: TransportError;
  durationMs: number;
  /** Why it was sent again. */
  why: string;
}

export interface Exchange {
  /** Order of this exchange within the process that sent it. */
  seq: number;
  startedAt: string;
  durationMs: number;
  /** Who sent it: the id of the check, or `seed` / `preflight` for the harness's own requests. */
  check?: string;
  /** Requests in flight to the target when it was sent, itself included. */
  load?: number;
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: TransportError;
  /** The first line of the answer to the HEAD pipelined before this request (printable ASCII). */
  afterHead?: string;
  /** The attempts at this same request that came before it, when it was sent again. */
  earlier?: EarlierAttempt[];
}

/**
 * The path a request was sent to, its percent-encoded unreserved characters decoded (RFC 3986
 * 2.3, 6.2.2.2: `/v1/%70ets` is `/v1/pets`), so every way of writing a route names it.
 */
export function requestPath(ex: Exchange): string {
  return new URL(ex.request.url, 'http://unsent.invalid').pathname.replace(
    /%([0-9A-Fa-f]{2})/g,
    (triplet, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : triplet;
    },
  );
}

/** Media type of a response without its parameters, lower-cased. */
export function mediaType(response: RecordedResponse): string | undefined {
  const value = response.headers['content-type'];
  return value?.split(';')[0]?.trim().toLowerCase();
}

/** Characters of a body kept in the run's records (log, reports, HAR); checks judge the whole. */
export const RECORD_BODY_CHARS = 64 * 1024;
/** What a body keeps once the run's budget for records is spent. */
export const RECORD_BODY_TAIL = 256;

/**
 * Characters of bodies a run keeps in its records, all exchanges together: past it each body
 * keeps its first RECORD_BODY_TAIL characters (escaped), so a target that answers 64 KiB every time
 * cannot swell the log and the reports without bound.
 */
export class RecordBudget {
  constructor(private remaining: number) {}

  /** How many characters the next body may keep. */
  allowance(): number {
    return this.remaining > 0 ? Math.min(RECORD_BODY_CHARS, this.remaining) : RECORD_BODY_TAIL;
  }

  spend(chars: number): void {
    this.remaining -= chars;
  }
}

// What a character costs once written as JSON: control characters become `\u0001` (6).
function escapedCost(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20)
    return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
  return code >= 0xd800 && code <= 0xdfff ? 6 : 1;
}

/** The start of `text` whose JSON-escaped form is at most `max` characters, and that form's length. */
export function clipEscaped(text: string, max: number): { kept: string; cost: number } {
  let cost = 0;
  for (let i = 0; i < text.length; i++) {
    const next = cost + escapedCost(text.charCodeAt(i));
    if (next > max) return { kept: text.slice(0, i), cost };
    cost = next;
  }
  return { kept: text, cost };
}

/**
 * Characters past a record's cut that are kept with it until it is redacted: a key the cut would
 * fall inside is then seen whole (in any of its escaped forms), and goes whole.
 */
export const CUT_MARGIN = 4096;

/** Characters of a parsed body an answer holds while the checks judge it (see heldForJudging). */
export const HELD_BODY_CHARS = RECORD_BODY_CHARS + CUT_MARGIN;

/**
 * The answer as the checks hold it: a body longer than its records keep is held cut as they keep
 * it (and its length noted), since the checks judge its parse (`json`, and the exact view beside
 * it) or, for a body that is no JSON, the start a message quotes. The judge of every answer reads
 * it whole first (see holdingForJudging). Held whole, a few hundred answers of megabytes each,
 * read at once (seed pets, a range of limits), kept a worker's heap over 600 MiB (F's padded
 * target: 3 MB of JSON whitespace an answer), and 256 KiB of control characters in every error
 * added 300 MiB to a run's peak.
 */
export function heldForJudging(response: RecordedResponse): RecordedResponse {
  const held = clipped(response, HELD_BODY_CHARS);
  return held === response || response.json === undefined || isSuccess(response)
    ? held
    : { ...held, json: withStringsCut(held.json, HELD_BODY_CHARS) };
}

const isSuccess = (response: RecordedResponse) => response.status >= 200 && response.status < 300;

/**
 * The exact view of a body as the answer holds it: strings cut as heldForJudging cuts them.
 * (Numbers are never long: json-body.ts holds a long one short.)
 */
export function heldExact(response: RecordedResponse, exact: unknown): unknown {
  const long = response.body !== undefined && response.bodyLength !== undefined;
  return long && !isSuccess(response) ? withStringsCut(exact, HELD_BODY_CHARS) : exact;
}

/**
 * The value with every string longer than `max` cut to its start (a copy). An answer that is no
 * success echoes nothing the run sent at full length: its strings are an Error's code and message,
 * judged for their type and quoted short. Held whole, hundreds of 401s with a 4 MB message each
 * kept a run at 1.2 GB for 100 s.
 */
function withStringsCut(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? detached(value.slice(0, max)) : value;
  if (Array.isArray(value)) return value.map((v) => withStringsCut(v, max));
  if (value === null || typeof value !== 'object' || isLosslessNumber(value)) return value;
  // fromEntries defines own properties, so a `__proto__` key stays a plain key.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStringsCut(v, max)]));
}

/**
 * A request or answer whose body keeps the start its JSON-escaped form fits in the allowance
 * (bodyLength says how long it was); a body that fits is kept as it is.
 */
function clipped<T extends { body?: string; bodyLength?: number }>(
  part: T,
  allowance: number | RecordBudget,
): T {
  if (part.body === undefined) return part;
  const max = typeof allowance === 'number' ? allowance : allowance.allowance();
  // No character escapes to more than 6: a short body is kept whole without reading it
  // (a budget must know what it cost, so it reads on).
  if (typeof allowance === 'number' && part.body.length * 6 <= max) return part;
  const { kept, cost } = clipEscaped(part.body, max);
  if (typeof allowance !== 'number') allowance.spend(cost);
  return kept.length === part.body.length
    ? part
    : { ...part, body: detached(kept), bodyLength: part.bodyLength ?? part.body.length };
}

/**
 * The exchange with its bodies cut: a body whose JSON-escaped form is longer than the allowance
 * (a number of characters, or what a run's budget still allows) keeps its start only
 * (bodyLength says how long it was), and the parsed body is dropped (records show the text).
 * Suites keep exchanges cut to RECORD_BODY_CHARS + CUT_MARGIN; only the egress (egress.ts) cuts
 * to the records' own size, after redacting.
 */
export function forRecord(
  ex: Exchange,
  allowance: number | RecordBudget = HELD_BODY_CHARS,
): Exchange {
  const { response } = ex;
  if (!response && ex.request.body === undefined) return ex;
  return {
    ...ex,
    request: clipped(ex.request, allowance),
    ...(response ? { response: { ...clipped(response, allowance), json: undefined } } : {}),
  };
}
