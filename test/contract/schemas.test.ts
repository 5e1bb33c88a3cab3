import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/base/paths.ts';
import { compileValidators, generatedModule } from '../../src/contract/schema-compiler.ts';
import { VALIDATORS } from '../../src/contract/schemas.generated.ts';
import { describeViolations, loadSchemaFiles, validate } from '../../src/contract/schemas.ts';

describe('the generated validators', () => {
  it('match the schema files (after editing them, run npm run schemas)', () => {
    const file = join(PACKAGE_ROOT, 'src', 'contract', 'schemas.generated.ts');
    expect(readFileSync(file, 'utf8')).toBe(generatedModule());
  });

  it('judge every value as ajv compiling the files at run time does, with the same errors', () => {
    const compiled = compileValidators();
    const id = fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 63), fc.string());
    const pet = fc.record(
      { id, name: fc.oneof(fc.string(), fc.integer()), categoryId: id, status: fc.string() },
      { requiredKeys: [] },
    );
    const error = fc.record(
      { code: fc.string(), message: fc.oneof(fc.string(), fc.constant(null)), status: id },
      { requiredKeys: [] },
    );
    const value = fc.oneof(pet, fc.array(pet, { maxLength: 3 }), error, fc.anything());
    fc.assert(
      fc.property(value, (v) => {
        for (const [name, fn] of compiled) {
          const mine = VALIDATORS[name] as unknown as typeof fn;
          expect(mine(v), name).toBe(fn(v));
          expect(mine.errors ?? null).toEqual(fn.errors ?? null);
        }
      }),
      { seed: 5, numRuns: 500 },
    );
  });
});

describe('validate: a page item by item', () => {
  it('judges an array as the pets schema does, its first wrong items with their paths', () => {
    const compiled = compileValidators();
    const pets = compiled.get('pets');
    if (!pets) throw new Error('no pets schema');
    const pet = fc.record(
      { id: fc.oneof(fc.integer(), fc.string()), name: fc.string(), categoryId: fc.integer() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pet, fc.anything()), { maxLength: 6 }), (page) => {
        const mine = validate('pets', page);
        expect(mine.valid).toBe(pets(page));
        const paths = (pets.errors ?? []).map((e) => e.instancePath || '/');
        expect(mine.violations.map((v) => v.instancePath)).toEqual(paths);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('reads a hostile page of a million wrong items at once, naming the first 20', () => {
    const page = Array.from({ length: 1_000_000 }, () => 'x');
    const started = performance.now();
    const { valid, violations } = validate('pets', page);
    expect(valid).toBe(false);
    expect(violations[0]?.instancePath).toBe('/0');
    expect(violations.at(-1)?.instancePath).toBe('/19');
    // ajv's own array code joined every item's errors onto the rest: minutes for this page.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('schemas', () => {
  // A run compiles them without this check (it costs start-up); here is where it is made.
  it('every schema file is valid against the JSON Schema 2020-12 meta-schema', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false });
    const files = loadSchemaFiles();
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const schema of files) {
      expect(ajv.validateSchema(schema), `${schema.$id}: ${ajv.errorsText()}`).toBe(true);
    }
    expect(ajv.validateSchema({ type: 'integer', minimum: 'zero' })).toBe(false);
  });

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
      "/ must have required property 'status'; /code must be string (it is 1)",
    );
  });

  it('shows the offending value: numbers as written, strings quoted and short, containers named', () => {
    const error = (status: unknown) => validate('error', { code: 'c', message: 'm', status });
    expect(describeViolations(error(0).violations)).toBe('/status must be >= 100 (it is 0)');
    expect(describeViolations(error([401]).violations)).toBe(
      '/status must be integer (it is an array)',
    );
    const long = `x"\u001b[31m ${'yy '.repeat(40)}`;
    const shown = describeViolations(
      validate('pet', { id: 1, name: 'n', categoryId: 1, status: long }).violations,
    );
    expect(shown).toContain('(it is "x\\"\\u001b[31m yy yy');
    expect(shown).toContain('…)');
    expect(shown).not.toContain('\u001b');
    // A number the JS value rounds is shown as the wire wrote it, from the exact view.
    const exact = parse('{"code":"c","message":"m","status":90071992547409930}');
    const result = validate(
      'error',
      { code: 'c', message: 'm', status: Number('90071992547409930') },
      exact,
    );
    expect(describeViolations(result.violations)).toBe(
      '/status must be <= 599 (it is 90071992547409930)',
    );
  });
});
