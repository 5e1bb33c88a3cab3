import { describe, expect, it } from 'vitest';
import { classifyRequest, newPetInput } from '../../src/checks/request-class.ts';

describe('newPetInput: what a createPet body is, read from its text', () => {
  it('a NewPet is valid; one with a name given twice is open (RFC 8259 4: which one counts is the server’s choice)', () => {
    expect(newPetInput('{"name":"a","categoryId":1}').input).toBe('valid');
    expect(newPetInput('{"name":"a", "name" :"b","categoryId":1}').input).toBe('open');
    // A quoted word that is a value, not a member name, is no repetition.
    expect(newPetInput('{"name":"name","categoryId":1}').input).toBe('valid');
    expect(newPetInput('{"name":"a\\":","categoryId":1}').input).toBe('valid');
  });

  it('reads a name of a million quotes and backslashes in one pass (each literal read once)', () => {
    const name = `${'"\\'.repeat(100)}é`.repeat(5000);
    const { input, sent } = newPetInput(JSON.stringify({ name, categoryId: 1 }));
    expect(input).toBe('valid');
    expect(sent?.name).toBe(name);
  });
});

describe('classifyRequest: a path spelled otherwise is no operation of the contract', () => {
  const ctx = { apiKey: 'k-0123456789', basePath: '/v1' };
  const at = (path: string, method = 'GET') =>
    classifyRequest({ method, url: `http://h${path}`, headers: {} }, ctx)?.operation;

  it('the spellings AUTH-PATH-SPELLINGS sends, as written, are not classified', () => {
    for (const path of [
      '/v1/pets/',
      '//v1/pets',
      '/v1//pets',
      '/v1/./pets',
      '/v1/%2E/pets',
      '/v1/Pets',
      '/v1/pets/1/',
      '/v1//pets//1',
      '/v1/x/../pets/1',
      '/V1/pets/1',
      '//v1/pets/1',
      '/v1\\pets',
      '/v1/pets\\',
      '/v1/pets\\1',
      '/%76%31/pets',
    ])
      expect(at(path), path).toBeUndefined();
    expect(at('/v1/pets/', 'POST')).toBeUndefined();
  });

  it('the contract paths, a query included, still are', () => {
    expect(at('/v1/pets')).toBe('listPets');
    expect(at('/v1/pets?x=/health')).toBe('listPets');
    expect(at('/v1/pets?x=/health', 'POST')).toBe('createPet');
    expect(at('/v1/pets/1?x=.css')).toBe('getPet');
    // A dot inside a segment is no dot segment.
    expect(at('/v1/pets/1.5')).toBe('getPet');
  });
});
