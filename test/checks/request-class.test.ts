import { describe, expect, it } from 'vitest';
import { newPetInput } from '../../src/checks/request-class.ts';

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
