import type { Exchange } from '../http/exchange.ts';
import { finding } from './finding.ts';
import type { Problem } from './problems.ts';

/**
 * Whether an answer tells a shared cache (a CDN, a proxy in front of the service) to give it to
 * requests of another credential state. RFC 9111 3.5: a shared cache stores an answer to a
 * request with Authorization only when the answer says `public`, `s-maxage` or
 * `must-revalidate`; an answer to a request without it, whenever it is fresh. Then it serves it,
 * while fresh, to any request of that URL whose Vary fields match (4.1). Without
 * `Vary: Authorization` (or `*`), a keyed page goes to requests without the key ("Every operation
 * requires HTTP bearer authentication"), and a keyless 401 to requests with the right key (401 is
 * owed only "when the key is missing or invalid").
 */

/**
 * The directives of a cache-control value, names in lower case, values unquoted. A directive
 * whose quoted value holds commas is read in pieces; only its name matters here.
 */
function directives(value: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key && !found.has(key)) found.set(key, rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return found;
}

/** A delta-seconds value (RFC 9111 1.2.2) above zero; a malformed one is taken as none. */
const positive = (seconds: string | undefined) =>
  seconds !== undefined && /^\d+$/.test(seconds) && Number(seconds) > 0;

/**
 * `no-cache` and `private` keep an answer from a shared cache only unqualified: with field
 * names (`no-cache="Set-Cookie"`, RFC 9111 5.2.2.4 and 5.2.2.7) they hold back those fields,
 * and the rest of the answer is stored and reused.
 */
const unqualified = (cc: Map<string, string>, name: string) => cc.get(name) === '';

/**
 * The fields a shared cache in front of the service obeys: a CDN takes CDN-Cache-Control
 * (RFC 9213) or Surrogate-Control (Edge Architecture 1.0) in place of Cache-Control, and every
 * other shared cache (a proxy on the client's side) Cache-Control.
 */
const CACHE_FIELDS = ['cache-control', 'cdn-cache-control', 'surrogate-control'] as const;

/**
 * The freshness lifetime Expires gives, in seconds (RFC 9111 4.2.1: Expires minus Date, Date
 * taken as now when absent); an Expires that is no date ("0") is in the past (5.3).
 */
function expiresLifetime(headers: Readonly<Record<string, string>>): number | undefined {
  const expires = headers.expires;
  if (expires === undefined) return undefined;
  const at = Date.parse(expires);
  const date = headers.date === undefined ? Number.NaN : Date.parse(headers.date);
  if (Number.isNaN(at)) return -1;
  return (at - (Number.isNaN(date) ? Date.now() : date)) / 1000;
}

/**
 * True when a cache that obeys `value` may store the answer and give it to others: fresh (a
 * lifetime of its own, or one Expires gives the Cache-Control field's reader), or stale where
 * nothing forbids it (RFC 9111 4.2.4: a `public` answer of no lifetime left goes stale to a
 * request that accepts it, `max-stale`, and RFC 5861's stale-while-revalidate serves it while the
 * cache asks again; `must-revalidate`, `proxy-revalidate` and `s-maxage` forbid it).
 */
function storable(value: string, requestHadAuthorization: boolean, expires?: number): boolean {
  const cc = directives(value);
  if (cc.has('no-store') || unqualified(cc, 'no-cache') || unqualified(cc, 'private')) return false;
  const marked = cc.has('public') || cc.has('s-maxage') || cc.has('must-revalidate');
  if (requestHadAuthorization && !marked) return false;
  const given = cc.get('s-maxage') ?? cc.get('max-age');
  // `public` without a lifetime lets a cache give one of its own (RFC 9111 4.2.2).
  if (given === undefined && expires === undefined) return cc.has('public');
  const lifetime = given === undefined ? (expires as number) : Number(positive(given));
  if (lifetime > 0) return true;
  const noStale = cc.has('must-revalidate') || cc.has('proxy-revalidate') || cc.has('s-maxage');
  return !noStale && (cc.has('public') || positive(cc.get('stale-while-revalidate')));
}

/**
 * The first cache field that lets a shared cache reuse the answer for other requests of its URL
 * whatever their Authorization (no `Vary: Authorization` or `*`); undefined when none does.
 * Expires counts for the Cache-Control field's reader (also where that field is absent).
 */
export function sharedForAnyone(
  headers: Readonly<Record<string, string>>,
  requestHadAuthorization = true,
): { field: string; value: string } | undefined {
  const vary = (headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (vary.includes('authorization') || vary.includes('*')) return undefined;
  const expires = expiresLifetime(headers);
  for (const field of CACHE_FIELDS) {
    const given = headers[field];
    const withExpires = field === 'cache-control' && expires !== undefined;
    if (given === undefined && !withExpires) continue;
    const value = given ?? '';
    if (storable(value, requestHadAuthorization, withExpires ? expires : undefined))
      return withExpires
        ? { field, value: `${value}${given === undefined ? '' : '; '}Expires: ${headers.expires}` }
        : { field, value };
  }
  return undefined;
}

const isRead = (ex: Exchange) => ex.request.method === 'GET' || ex.request.method === 'HEAD';
const carriesAuthorization = (ex: Exchange) =>
  Object.keys(ex.request.headers).some((name) => name.toLowerCase() === 'authorization');

/**
 * A POST's answer a cache may reuse for later GETs of its URI: one whose Content-Location is the
 * POST's own target (RFC 9110 9.3.3), when its freshness is explicit (judged by sharedForAnyone).
 */
function reusableForReads(ex: Exchange): boolean {
  const location = ex.response?.headers['content-location'];
  if (ex.request.method !== 'POST' || !location || !URL.canParse(location, ex.request.url))
    return false;
  const target = new URL(ex.request.url);
  const named = new URL(location, ex.request.url);
  return (
    named.origin === target.origin &&
    named.pathname + named.search === target.pathname + target.search
  );
}

/**
 * The problem of a 2xx to a read with the key (or to a POST a cache may reuse for reads) that a
 * shared cache may give to anyone; undefined for any other answer.
 */
export function sharedCacheProblem(ex: Exchange): Problem {
  const { response } = ex;
  if (!response || response.status < 200 || response.status > 299) return undefined;
  if (!isRead(ex) && !reusableForReads(ex)) return undefined;
  const shared = sharedForAnyone(response.headers);
  if (!shared) return undefined;
  const { field, value } = shared;
  const text = `${field} '${value}' on an answer to a request with the key, without Vary: Authorization: a shared cache in front of the service may give it to requests without the key (RFC 9111 3.5, 4.1; RFC 9213)`;
  return finding('shared-cache-keyed', { [field]: value, vary: response.headers.vary }, text);
}

/**
 * The problem of a 401 to a read without the right key that a shared cache may give to requests
 * with it: the key is valid, and the client is refused for an hour.
 */
export function sharedRefusalProblem(ex: Exchange): Problem {
  const { response } = ex;
  if (response?.status !== 401 || !isRead(ex)) return undefined;
  const shared = sharedForAnyone(response.headers, carriesAuthorization(ex));
  if (!shared) return undefined;
  const { field, value } = shared;
  const text = `${field} '${value}' on a 401, without Vary: Authorization: a shared cache in front of the service may give it to requests with the right key, which are owed no 401 ("When the key is missing or invalid, the response is 401"; RFC 9111 3.5, 4.1)`;
  return finding('shared-cache-401', { [field]: value, vary: response.headers.vary }, text);
}
