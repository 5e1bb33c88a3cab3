import { describe, expect, it } from 'vitest';
import { spellingsOf } from '../../src/checks/path-spellings.ts';

const targets = (base: string, rest: string) =>
  spellingsOf(base, rest).map((s) => (s.query ? `${s.path}?${s.query}` : s.path));

describe('spellingsOf: each class of spelling once a path, the canonical path never', () => {
  it('spells the collection and an item', () => {
    expect(targets('/v1', '/pets')).toEqual([
      '/v1/pets/',
      '//v1/pets',
      '/v1//pets',
      '/v1/./pets',
      '/v1/Pets',
      '/v1/pets?x=/health',
      '/v1/pets?x=/public',
      '/v1/pets?x=.css',
      '/v1/pets?x=/login',
    ]);
    expect(targets('/v1', '/pets/7').slice(0, 5)).toEqual([
      '/v1/pets/7/',
      '//v1/pets/7',
      '/v1//pets//7',
      '/v1/x/../pets/7',
      '/V1/pets/7',
    ]);
  });

  it('leaves out a case spelling equal to the path (a base path without letters)', () => {
    expect(targets('/1', '/pets/7')).not.toContain('/1/pets/7');
    expect(targets('', '/pets')).toContain('//pets');
  });
});
