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
    [{ 'cache-control': 'public, max-age=0' }],
    [{ 'cache-control': 'public, s-maxage=0, max-age=600' }],
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
  });

  it('unless it varies on Authorization, or keeps itself from shared caches', () => {
    expect(shared({ 'cache-control': 'max-age=3600', vary: 'Authorization' }, false)).toBe(false);
    expect(shared({ 'cache-control': 'private, max-age=3600' }, false)).toBe(false);
    expect(shared({ 'cache-control': 'no-cache' }, false)).toBe(false);
    expect(shared({}, false)).toBe(false);
  });
});
