import { HarnessError } from '../base/errors.ts';
import { quote } from '../base/quote.ts';
import { type HttpClient, UNSOLICITED } from '../http/client.ts';
import { type Exchange, mediaType, type RecordedResponse } from '../http/exchange.ts';
import { MAX_RETRY_AFTER_MS, RETRIES_ON_429, waitNamed } from '../http/throttle.ts';

/** Sends the preflight's request to another base URL (to suggest a fix for a wrong one). */
export type ProbeAt = (baseUrl: string) => Promise<Exchange>;

/** The records name the preflight as the sender of its request (exchanges.har `_check`). */
export const PREFLIGHT_LABEL = 'preflight';
const PREFLIGHT = {
  method: 'GET',
  path: '/pets',
  query: { limit: 1 },
  check: PREFLIGHT_LABEL,
} as const;

/** The same base URL with its `/v1` prefix dropped, or added when it has none. */
export function otherPrefix(baseUrl: string): string {
  const url = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(url) ? url.slice(0, -'/v1'.length) : `${url}/v1`;
}

/**
 * A body that does not even begin like JSON (an HTML page, plain text): what a web server or
 * a proxy answers for a path that is not the API's. A JSON body that is merely broken is the
 * target's to answer for, and stays a verdict.
 */
function notJsonAtAll(res: RecordedResponse): boolean {
  if (res.truncated || res.status >= 500 || res.body.trim() === '') return false;
  return res.json === undefined && !/^\s*(?:[[{"\-\d]|true|false|null)/.test(res.body);
}

/** Why this answer to GET /pets says the base URL is not the API's, or undefined. */
function misdirected(res: RecordedResponse): string | undefined {
  if (res.status === 404) return 'answered 404';
  if (!notJsonAtAll(res)) return undefined;
  const type = res.headers['content-type'];
  return `answered ${res.status} with a body that is not JSON (${type ? `${type}, ` : ''}${quote(res.body, 40)})`;
}

/** The answer says it is the API's own: a success labelled application/json. */
const labelledJson = (res: RecordedResponse) =>
  res.status >= 200 && res.status < 300 && mediaType(res) === 'application/json';

/** The base URL with the other prefix, when it answers GET /pets as the API would; else undefined. */
async function betterPrefix(baseUrl: string, probeAt: ProbeAt | undefined) {
  const other = otherPrefix(baseUrl);
  const ex = probeAt ? await probeAt(other) : undefined;
  const res = ex?.response;
  // 401 there means the path exists and wants a key: still the better guess.
  const answers = res && (res.status === 401 || (res.status === 200 && res.json !== undefined));
  return answers ? other : undefined;
}

async function suggestion(baseUrl: string, probeAt: ProbeAt | undefined): Promise<string> {
  const other = await betterPrefix(baseUrl, probeAt);
  return other
    ? `${other} answers GET /pets: try --base-url ${other}`
    : 'check --base-url: it should be the URL the API is served under, version prefix (e.g. /v1) included';
}

/** Transport failures of a target that is not up yet (starting, or its port not open). */
const NOT_UP = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
/** Transport failures that are an answer broken in its framing: the target answered, wrongly. */
const MISFRAMED = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);
/** What a proxy answers while the service behind it starts. */
const STARTING = new Set([502, 503, 504]);
const RETRY_EVERY_MS = 500;

const notUpYet = (ex: Exchange) =>
  ex.error ? NOT_UP.has(ex.error.code) : STARTING.has(ex.response?.status ?? 0);

/** How long the answer asks the client to wait before it sends again, if it asks and that is kept to. */
function patienceAsked(ex: Exchange): number | undefined {
  const ms = ex.response && waitNamed(ex.response);
  return ms !== undefined && ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

/**
 * The preflight request, sent again every half second while the target is not up (refused,
 * unresolved, or a proxy's 502/503/504), for at most `waitMs` (--wait-for-target): for CI jobs
 * that start the service in the background. A 429 or 503 with a Retry-After (a service warming
 * up, or shedding load) is waited out, as the checks' own requests are, up to three times:
 * those answers are the target's all the same, and are judged as waited out. Its last answer
 * is judged as usual.
 */
async function untilUp(
  client: HttpClient,
  waitMs: number,
  waitedOut: Exchange[],
): Promise<Exchange> {
  const until = Date.now() + waitMs;
  for (;;) {
    const ex = await client.send(PREFLIGHT);
    const patience = waitedOut.length < RETRIES_ON_429 ? patienceAsked(ex) : undefined;
    if (patience !== undefined) {
      waitedOut.push(ex);
      await new Promise((resolve) => setTimeout(resolve, patience));
      continue;
    }
    if (!notUpYet(ex) || Date.now() + RETRY_EVERY_MS > until) return ex;
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
}

/**
 * Failures after which the same target may still answer another request: a connection was
 * made, then the request got nothing (no status line in time) or the connection broke. Refused
 * connections, names that do not resolve and failed TLS handshakes fail every request alike.
 */
const MET_BUT_SILENT = new Set(['TIMEOUT', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** The preflight's request without the key: any answer says the target answers requests. */
const KEYLESS = { ...PREFLIGHT, auth: 'none' } as const;

/** What the preflight sent: its request's exchange, and the others it sent to tell why it failed. */
export interface Preflight {
  ex: Exchange;
  /** The same request without the key, sent when the first got no answer (see preflight). */
  others: Exchange[];
  /** Earlier answers to it that asked for patience (429, 503 with Retry-After), waited out. */
  waitedOut: Exchange[];
}

/**
 * Whether the target answers: the preflight's request began an answer (a status line came,
 * even if its body then hung or broke: the target answered, wrongly), or, when it got none,
 * the same request without the key does (a 401, or any status). A target that answers nothing
 * usable at all cannot be judged (exit 2); one that answers other requests but hangs on this
 * one has failed the clauses that need its answer, and the checks judge it (exit 1).
 */
async function answersAtAll(client: HttpClient, ex: Exchange, others: Exchange[]) {
  const error = ex.error;
  if (!error || error.afterAnswerBegan || MISFRAMED.has(error.code)) return true;
  if (!MET_BUT_SILENT.has(error.code)) return false;
  const keyless = await client.send(KEYLESS);
  others.push(keyless);
  return keyless.response !== undefined;
}

/**
 * One request before the suites: a target that cannot be reached, that refuses the key it was
 * given, or whose GET /pets is plainly not the API's (a wrong base URL) cannot be judged; that
 * is the user's input to fix, not a verdict. With `waitMs`, a target not up yet is waited for.
 */
export async function preflight(
  client: HttpClient,
  baseUrl: string,
  probeAt?: ProbeAt,
  waitMs = 0,
): Promise<Exchange> {
  return (await preflightAll(client, baseUrl, probeAt, waitMs)).ex;
}

/** The preflight (see `preflight`), with the other requests it sent to tell why one failed. */
export async function preflightAll(
  client: HttpClient,
  baseUrl: string,
  probeAt?: ProbeAt,
  waitMs = 0,
): Promise<Preflight> {
  const waitedOut: Exchange[] = [];
  const ex = await untilUp(client, waitMs, waitedOut);
  const others: Exchange[] = [];
  const waited = waitMs > 0 ? ` (waited up to ${waitMs / 1000} s for it: --wait-for-target)` : '';
  if (ex.error?.code === UNSOLICITED) {
    throw new HarnessError(
      'UNREADABLE',
      `cannot read the answers of ${baseUrl}: ${ex.error.message}`,
    );
  }
  // An answer begun (its status line came) and then broken or hung, or a target that answers
  // the same request without the key: the target answers, and is judged (exit 1 where a MUST
  // needs this answer). Only a target that answers nothing is unreachable.
  if (ex.error) {
    if (await answersAtAll(client, ex, others)) return { ex, others, waitedOut };
    throw new HarnessError('UNREACHABLE', `cannot reach ${baseUrl}: ${ex.error.message}${waited}`);
  }
  if (ex.response?.status === 401) {
    throw new HarnessError(
      'KEY_REJECTED',
      `the target at ${baseUrl} rejected the API key (401 on GET /pets)`,
    );
  }
  const wrong = ex.response && misdirected(ex.response);
  // A success labelled application/json is the API answering its own route with a broken body:
  // the target's failure to judge (exit 1), unless the other prefix is where the API is.
  const own = ex.response && labelledJson(ex.response);
  if (wrong && own && (await betterPrefix(baseUrl, probeAt)) === undefined)
    return { ex, others, waitedOut };
  if (wrong) {
    const fix = await suggestion(baseUrl, probeAt);
    throw new HarnessError('BASE_URL', `GET /pets at ${baseUrl} ${wrong}: ${fix}`);
  }
  return { ex, others, waitedOut };
}

/** A ProbeAt over clients made by `open`, each closed after its one request. */
export function probeWith(open: (baseUrl: string) => HttpClient): ProbeAt {
  return async (baseUrl) => {
    const client = open(baseUrl);
    try {
      return await client.send(PREFLIGHT);
    } finally {
      await client.close();
    }
  };
}
