import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MUTATIONS, NEAR_STATUSES } from '../../src/arbitraries/invalid-new-pet.ts';
import { edgeNewPets, newPetArb } from '../../src/arbitraries/new-pet.ts';
import { integerIdArb } from '../../src/arbitraries/pet-id.ts';
import {
  anyQueryArb,
  limitStatusArb,
  NAMED_LIMIT_STATUS,
  NAMED_LIMITS,
  validLimitArb,
} from '../../src/arbitraries/query.ts';
import { validate } from '../../src/schemas.ts';

const SAMPLES = 300;
const sample = <T>(arb: fc.Arbitrary<T>, n = SAMPLES) => fc.sample(arb, { numRuns: n, seed: 1234 });

describe('valid NewPet bodies', () => {
  const bodies = sample(newPetArb('run1'));

  it('all validate against new-pet.schema.json', () => {
    for (const body of bodies) expect(validate('newPet', body).violations).toEqual([]);
  });

  it('cover empty and KiB-long names, astral characters, and the run id', () => {
    expect(bodies.some((b) => b.name === '')).toBe(true);
    expect(bodies.some((b) => b.name.length > 1024)).toBe(true);
    expect(bodies.some((b) => /[\u{10000}-\u{10FFFF}]/u.test(b.name))).toBe(true);
    expect(bodies.filter((b) => b.name !== '').every((b) => b.name.startsWith('pc-run1-'))).toBe(
      true,
    );
  });

  it('cover categoryIds that are 0, negative and beyond 32 bits, and status present or absent', () => {
    expect(bodies.some((b) => b.categoryId === 0)).toBe(true);
    expect(bodies.some((b) => b.categoryId < 0)).toBe(true);
    expect(bodies.some((b) => Math.abs(b.categoryId) > 2 ** 32)).toBe(true);
    expect(bodies.every((b) => Number.isSafeInteger(b.categoryId))).toBe(true);
    expect(bodies.some((b) => !('status' in b))).toBe(true);
    expect(bodies.some((b) => 'status' in b)).toBe(true);
  });
});

describe('edge NewPet bodies', () => {
  it('are valid and include the edges: empty, Unicode and long names, 32/53-bit ids, no status', () => {
    const edges = edgeNewPets('run1');
    for (const body of edges) expect(validate('newPet', body).valid).toBe(true);
    expect(edges.map((b) => b.categoryId)).toEqual(
      expect.arrayContaining([0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER]),
    );
    expect(edges.some((b) => b.name === '')).toBe(true);
    expect(edges.some((b) => b.name.length > 4096)).toBe(true);
    expect(edges.some((b) => !('status' in b))).toBe(true);
  });

  it('include the values servers mangle: padding, inner runs of spaces, NUL, astral, combining marks', () => {
    const names = edgeNewPets('run1').map((b) => b.name);
    expect(names.some((n) => n !== n.trim())).toBe(true);
    expect(names.some((n) => / {2,}/.test(n.trim()))).toBe(true);
    expect(names.some((n) => n.includes('\u0000'))).toBe(true);
    expect(names.some((n) => [...n].some((c) => (c.codePointAt(0) ?? 0) > 0xffff))).toBe(true);
    expect(names.some((n) => n !== n.normalize('NFC'))).toBe(true);
  });
});

describe('invalid NewPet bodies: every named mutation', () => {
  for (const mutation of MUTATIONS) {
    it(`${mutation.id} never produces a valid NewPet`, () => {
      for (const body of sample(mutation.arb('run1'), 100)) {
        if ('json' in body) {
          expect(validate('newPet', body.json).valid, JSON.stringify(body.json)).toBe(false);
        } else {
          expect(() => JSON.parse(body.raw), body.raw).toThrow();
        }
      }
    });
  }

  it('try every near miss of a status by name, each proven invalid', () => {
    const near = MUTATIONS.find((m) => m.id === 'STATUS-NEAR');
    const examples = near?.examples?.('run1') ?? [];
    expect(examples.map((b) => ('json' in b ? (b.json as { status: string }).status : ''))).toEqual(
      [...NEAR_STATUSES],
    );
    for (const b of examples) expect('json' in b && validate('newPet', b.json).valid).toBe(false);
  });

  it('cover the kinds of invalidity the contract implies', () => {
    expect(MUTATIONS.map((m) => m.id)).toEqual([
      'MISSING-NAME',
      'MISSING-CATEGORY',
      'NAME-TYPE',
      'CATEGORY-TYPE',
      'STATUS-TYPE',
      'NAME-NULL',
      'CATEGORY-NULL',
      'STATUS-NULL',
      'STATUS-ENUM',
      'STATUS-NEAR',
      'CATEGORY-FRACTION',
      'CATEGORY-INT64',
      'BODY-ARRAY',
      'BODY-STRING',
      'BODY-NUMBER',
      'BODY-NULL',
      'MALFORMED-JSON',
      'EMPTY-BODY',
    ]);
  });
});

describe('query and id arbitraries', () => {
  it('name both bounds and every decade of limit, and small limits with each status', () => {
    expect(NAMED_LIMITS).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(NAMED_LIMIT_STATUS).toContainEqual([1, 'sold']);
    expect(NAMED_LIMIT_STATUS).toContainEqual([20, 'pending']);
    expect(NAMED_LIMIT_STATUS).toContainEqual([100, 'available']);
    for (const [limit] of sample(limitStatusArb)) expect(limit >= 1 && limit <= 100).toBe(true);
  });

  it('limits stay within 1..100', () => {
    for (const n of sample(validLimitArb)) expect(n >= 1 && n <= 100).toBe(true);
  });

  it('ids are safe integers, zero and negatives included', () => {
    const ids = sample(integerIdArb);
    expect(ids.every(Number.isSafeInteger)).toBe(true);
    expect(ids).toContain(0);
    expect(ids.some((n) => n < 0)).toBe(true);
  });

  it('random queries are string maps', () => {
    for (const q of sample(anyQueryArb, 50))
      for (const v of Object.values(q)) expect(typeof v).toBe('string');
  });
});
