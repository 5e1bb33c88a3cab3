import { describe, expect, it } from 'vitest';
import {
  AUTH_PATH_SPELLINGS,
  AUTH_PATH_SPELLINGS_CREATE,
  spellingsOf,
} from '../../src/checks/path-spellings.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const targets = (base: string, rest: string) =>
  spellingsOf(base, rest).map(
    (s) =>
      `${s.absoluteOrigin ?? ''}${s.query ? `${s.path}?${s.query}` : s.path}${s.headers?.host ? ` Host: ${s.headers.host}` : ''}`,
  );

describe('spellingsOf: each class of spelling once a path, the canonical path never', () => {
  it('spells the collection and an item', () => {
    expect(targets('/v1', '/pets')).toEqual([
      '/v1/pets/',
      '//v1/pets',
      '/v1//pets',
      '/v1/./pets',
      '/v1/Pets',
      '/v1/pets.json',
      '/v1/pets;x=1',
      '/v1%2Fpets',
      '/v1%2fpets',
      '/v1/%70ets',
      '/v1/%2570ets',
      '/v1/pets%00.css',
      '/v1/pets%20',
      '/v1/pets%09',
      '/%76%31/pets',
      '/v1\\pets',
      '/v1/pets\\',
      '/pets',
      '/v1/pets?x=/health',
      '/v1/pets?x=/public',
      '/v1/pets?x=.css',
      '/v1/pets?x=/login',
      '/v1/pets?callback=fn',
      '/v1/pets Host: localhost',
      '/v1/pets Host: localhost:8080',
      '/v1/pets Host: [::1]',
      'http://localhost/v1/pets',
    ]);
    expect(targets('/v1', '/pets/7').slice(0, 10)).toEqual([
      '/v1/pets/7/',
      '//v1/pets/7',
      '/v1//pets//7',
      '/v1/x/../pets/7',
      '/V1/pets/7',
      '/v1/pets/7.json',
      '/v1/pets/7;x=1',
      '/v1/pets%2F7',
      '/v1/pets%2f7',
      '/v1/%70ets/7',
    ]);
  });

  it('encodes the base path’s last segment, backslashes before the collection and the petId', () => {
    expect(targets('/api/v2', '/pets/7')).toContain('/api/%76%32/pets/7');
    expect(targets('/v1', '/pets/7')).toEqual(
      expect.arrayContaining(['/v1\\pets/7', '/v1/pets\\7']),
    );
    expect(targets('', '/pets').filter((t) => t.endsWith('/pets') && t.startsWith('/%'))).toEqual(
      [],
    );
  });

  it('leaves out the version prefix only where the base path ends in one', () => {
    expect(targets('/api/v2', '/pets/7')).toContain('/api/pets/7');
    expect(targets('/api', '/pets')).not.toContain('/pets');
  });

  it('leaves out a case spelling equal to the path (a base path without letters)', () => {
    expect(targets('/1', '/pets/7')).not.toContain('/1/pets/7');
    expect(targets('', '/pets')).toContain('//pets');
  });
});

describe('AUTH-PATH-SPELLINGS: the judge', () => {
  const probe = (ex: ReturnType<typeof exchange>, more: object = {}) => ({
    label: 'a trailing slash, no key',
    ex,
    ...more,
  });
  const pets = exchange({ status: 200, json: [{ id: 1, name: 'Rex', categoryId: 2 }] });

  it('fails on the store’s pets, a pet made, a 5xx or no answer; passes refusals; warns on another 2xx', () => {
    expect(AUTH_PATH_SPELLINGS.judge([probe(pets)]).verdict).toBe('fail');
    const made = exchange({ status: 201, json: { id: 9, name: 'pc-x', categoryId: 1 } }, 'POST');
    const after = exchange({ status: 200, json: { id: 9, name: 'pc-x', categoryId: 1 } });
    expect(AUTH_PATH_SPELLINGS_CREATE.judge([probe(made, { name: 'pc-x', after })]).code).toBe(
      'written-without-key',
    );
    expect(
      AUTH_PATH_SPELLINGS.judge([probe(exchange({ status: 502, json: errorBody(502) }))]).verdict,
    ).toBe('fail');
    expect(AUTH_PATH_SPELLINGS.judge([probe(exchange({ error: 'socket hang up' }))]).verdict).toBe(
      'fail',
    );
    for (const status of [301, 401, 404])
      expect(
        AUTH_PATH_SPELLINGS.judge([probe(exchange({ status, json: errorBody(status) }))]).verdict,
      ).toBe('pass');
    expect(
      AUTH_PATH_SPELLINGS.judge([probe(exchange({ status: 200, json: { ok: true } }))]).verdict,
    ).toBe('warn');
  });
});
