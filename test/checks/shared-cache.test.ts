import { describe, expect, it } from 'vitest';
import { sharedForAnyone } from '../../src/checks/shared-cache.ts';

describe('an answer to a request with the key, as a shared cache reads it (RFC 9111 3.5)', () => {
  it.each([
    ['public, max-age=600', undefined],
    ['public', undefined],
    ['s-maxage=60', undefined],
    ['max-age=60, must-revalidate', undefined],
    ['PUBLIC, Max-Age="600"', 'Accept-Encoding'],
  ])('Cache-Control %s, Vary %s: given to anyone', (cacheControl, vary) => {
    const headers = { 'cache-control': cacheControl, ...(vary ? { vary } : {}) };
    expect(sharedForAnyone(headers)).toBe(true);
  });

  it.each([
    ['public, max-age=600', 'Authorization'],
    ['public, max-age=600', 'accept-encoding, authorization'],
    ['public, max-age=600', '*'],
    ['private, max-age=600', undefined],
    ['public, no-cache', undefined],
    ['no-store, public', undefined],
    ['max-age=600', undefined],
    ['public, max-age=0', undefined],
    ['public, s-maxage=0, max-age=600', undefined],
    ['must-revalidate, max-age=0', undefined],
    [undefined, undefined],
  ])('Cache-Control %s, Vary %s: kept from requests without the key', (cacheControl, vary) => {
    const headers = {
      ...(cacheControl ? { 'cache-control': cacheControl } : {}),
      ...(vary ? { vary } : {}),
    };
    expect(sharedForAnyone(headers)).toBe(false);
  });
});
