import type { Exchange } from '../http/exchange.ts';
import { finding } from './finding.ts';
import type { Problem } from './problems.ts';

/**
 * Whether an answer to a request with the key tells a shared cache (a CDN, a proxy in front of
 * the service) to give it to other requests, without the key among them. RFC 9111 3.5: a shared
 * cache stores an answer to a request with Authorization only when the answer says `public`,
 * `s-maxage` or `must-revalidate`; then it serves it, while fresh, to any request of that URL
 * whose Vary fields match (4.1). Without `Vary: Authorization` (or `*`) a request without the
 * key gets the store's pets: "Every operation requires HTTP bearer authentication".
 */

/** The directives of a Cache-Control value, names in lower case, values unquoted. */
function directives(value: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key) found.set(key, rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return found;
}

/** A delta-seconds value (RFC 9111 1.2.2) above zero; a malformed one is taken as none. */
const positive = (seconds: string | undefined) =>
  seconds !== undefined && /^\d+$/.test(seconds) && Number(seconds) > 0;

/** True when the answer may be reused, fresh, by a shared cache for requests without the key. */
export function sharedForAnyone(headers: Readonly<Record<string, string>>): boolean {
  const cc = directives(headers['cache-control'] ?? '');
  if (cc.has('no-store') || cc.has('no-cache') || cc.has('private')) return false;
  const shared = cc.has('public') || cc.has('s-maxage') || cc.has('must-revalidate');
  if (!shared) return false;
  const lifetime = cc.get('s-maxage') ?? cc.get('max-age');
  // `public` without a lifetime lets a cache give one of its own (RFC 9111 4.2.2).
  const fresh = lifetime === undefined ? cc.has('public') : positive(lifetime);
  if (!fresh) return false;
  const vary = (headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase());
  return !vary.includes('authorization') && !vary.includes('*');
}

/**
 * The problem of a 2xx to a read with the key that a shared cache may give to anyone; undefined
 * for any other answer.
 */
export function sharedCacheProblem(ex: Exchange): Problem {
  const { request, response } = ex;
  if (!response || response.status < 200 || response.status > 299) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (!sharedForAnyone(response.headers)) return undefined;
  const cacheControl = response.headers['cache-control'] ?? '';
  const text = `Cache-Control '${cacheControl}' on an answer to a request with the key, without Vary: Authorization: a shared cache in front of the service may give it to requests without the key (RFC 9111 3.5, 4.1)`;
  return finding('shared-cache-keyed', { cacheControl, vary: response.headers.vary }, text);
}
