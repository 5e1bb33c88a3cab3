import { describe, expect, it } from 'vitest';
import { sharedForAnyone } from '../../src/checks/shared-cache.ts';

type Fields = Record<string, string>;
const shared = (headers: Fields, withAuthorization = true) =>
  sharedForAnyone(headers, withAuthorization) !== undefined;

describe('an answer to a request with the key, as a shared cache reads it (RFC 9111 3.5)', () => {
  it.each<[Fields]>([
    [{ 'cache-control': 'public, max-age=600' }],
    [{ 'cache-control': 'public' }],
    [{ 'cache-control': 's-maxage=60' }],
    [{ 'cache-control': 'max-age=60, must-revalidate' }],
    [{ 'cache-control': 'PUBLIC, Max-Age="600"', vary: 'Accept-Encoding' }],
    // Qualified no-cache and private hold back the fields they name, not the answer (5.2.2.4, 5.2.2.7).
    [{ 'cache-control': 'public, max-age=300, no-cache="Set-Cookie"' }],
    [{ 'cache-control': 'public, s-maxage=300, private="Set-Cookie, X-Session"' }],
    // A CDN obeys its own field in place of Cache-Control (RFC 9213; Surrogate-Control).
    [{ 'cache-control': 'private, no-store', 'cdn-cache-control': 'public, max-age=600' }],
    [{ 'cache-control': 'no-cache', 'surrogate-control': 'public, max-age=600' }],
    // A proxy on the client's side obeys Cache-Control, whatever the CDN is told.
    [{ 'cache-control': 'public, max-age=600', 'cdn-cache-control': 'no-store' }],
    // Expires gives the lifetime where Cache-Control gives none (RFC 9111 4.2.1).
    [{ 'cache-control': 'must-revalidate', expires: 'Fri, 01 Jan 2100 00:00:00 GMT' }],
    // Stale, where nothing forbids it: to a request that accepts it (max-stale, 4.2.4), or
    // while the cache asks again (RFC 5861).
    [{ 'cache-control': 'public, max-age=0' }],
    [{ 'cache-control': 'public', expires: 'Thu, 01 Jan 1970 00:00:00 GMT' }],
    [{ 'cache-control': 'public, max-age=0, stale-while-revalidate=60' }],
  ])('%o: given to anyone', (headers) => {
    expect(shared(headers)).toBe(true);
  });

  it.each<[Fields]>([
    [{ 'cache-control': 'public, max-age=600', vary: 'Authorization' }],
    [{ 'cache-control': 'public, max-age=600', vary: 'accept-encoding, authorization' }],
    [{ 'cache-control': 'public, max-age=600', vary: '*' }],
    [{ 'cache-control': 'private, max-age=600' }],
    [{ 'cache-control': 'public, no-cache' }],
    [{ 'cache-control': 'no-store, public' }],
    [{ 'cache-control': 'max-age=600' }],
    [{ 'cache-control': 'public, max-age=0, must-revalidate' }],
    [{ 'cache-control': 'public, max-age=0, proxy-revalidate' }],
    [{ 'cache-control': 'public, must-revalidate', expires: 'Thu, 01 Jan 1970 00:00:00 GMT' }],
    [{ 'cache-control': 'public, must-revalidate', expires: '0' }],
    [{ 'cache-control': 'public, s-maxage=0, max-age=600' }],
    [{ expires: 'Fri, 01 Jan 2100 00:00:00 GMT' }],
    [{ 'cache-control': 'must-revalidate, max-age=0' }],
    [{ 'cdn-cache-control': 'public, max-age=600', vary: 'Authorization' }],
    [{ 'surrogate-control': 'max-age=600' }],
    [{}],
  ])('%o: kept from requests without the key', (headers) => {
    expect(shared(headers)).toBe(false);
  });
});

describe('an answer to a request without Authorization, as a shared cache reads it', () => {
  it('any fresh lifetime stores it for every request of its URL, keyed ones included', () => {
    expect(shared({ 'cache-control': 'max-age=3600' }, false)).toBe(true);
    expect(shared({ 'cache-control': 'public, max-age=3600' }, false)).toBe(true);
    // Expires alone is a lifetime too (a 401 with no Cache-Control, good for an hour).
    const date = 'Fri, 27 Nov 2026 12:00:00 GMT';
    expect(shared({ date, expires: 'Fri, 27 Nov 2026 13:00:00 GMT' }, false)).toBe(true);
  });

  it('an Expires at or before its Date, or no date at all, is no lifetime', () => {
    const date = 'Fri, 27 Nov 2026 12:00:00 GMT';
    expect(shared({ date, expires: date }, false)).toBe(false);
    expect(shared({ expires: '0' }, false)).toBe(false);
    expect(
      shared({ 'cache-control': 'max-age=0', expires: 'Fri, 01 Jan 2100 00:00:00 GMT' }, false),
    ).toBe(false);
  });

  it('unless it varies on Authorization, or keeps itself from shared caches', () => {
    expect(shared({ 'cache-control': 'max-age=3600', vary: 'Authorization' }, false)).toBe(false);
    expect(shared({ 'cache-control': 'private, max-age=3600' }, false)).toBe(false);
    expect(shared({ 'cache-control': 'no-cache' }, false)).toBe(false);
    expect(shared({}, false)).toBe(false);
  });
});
