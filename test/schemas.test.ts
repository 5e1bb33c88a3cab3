import { describe, expect, it } from 'vitest';
import { describeViolations, validate } from '../src/schemas.ts';

describe('schemas', () => {
  it('accepts a Pet with and without status, and extra fields', () => {
    expect(validate('pet', { id: 1, name: 'Rex', categoryId: 2, status: 'sold' }).valid).toBe(true);
    expect(validate('pet', { id: 1, name: '', categoryId: -2 }).valid).toBe(true);
    expect(validate('pet', { id: 1, name: 'x', categoryId: 2, colour: 'red' }).valid).toBe(true);
  });

  it('rejects a Pet without id, with a string id, or with an unknown status', () => {
    expect(validate('pet', { name: 'Rex', categoryId: 2 }).valid).toBe(false);
    expect(validate('pet', { id: '1', name: 'Rex', categoryId: 2 }).valid).toBe(false);
    expect(validate('pet', { id: 1, name: 'Rex', categoryId: 2, status: 'lost' }).valid).toBe(
      false,
    );
  });

  it('Pets is a bare array', () => {
    expect(validate('pets', []).valid).toBe(true);
    expect(validate('pets', { data: [] }).valid).toBe(false);
  });

  it('NewPet needs name and an integer categoryId', () => {
    expect(validate('newPet', { name: 'a', categoryId: 1 }).valid).toBe(true);
    expect(validate('newPet', { categoryId: 1 }).valid).toBe(false);
    expect(validate('newPet', { name: 'a', categoryId: 1.5 }).valid).toBe(false);
    expect(validate('newPet', { name: 'a', categoryId: 1, status: null }).valid).toBe(false);
  });

  it('reports violations as instancePath and message', () => {
    const result = validate('error', { code: 1, message: 'm' });
    expect(describeViolations(result.violations)).toBe(
      "/ must have required property 'status'; /code must be string",
    );
  });
});
