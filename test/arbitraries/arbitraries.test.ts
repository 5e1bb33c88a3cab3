import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MUTATIONS, NEAR_STATUSES } from '../../src/arbitraries/invalid-new-pet.ts';
import { lazy } from '../../src/arbitraries/lazy.ts';
import { CATEGORY_EDGES, edgeNewPets, nameArb, newPetArb } from '../../src/arbitraries/new-pet.ts';
import { integerIdArb, NAMED_IDS } from '../../src/arbitraries/pet-id.ts';
import {
  anyQueryArb,
  EVERY_LIMIT,
  EVERY_LIMIT_WITH_A_STATUS,
  limitStatusArb,
  NAMED_LIMIT_STATUS,
  NAMED_LIMITS,
  validLimitArb,
} from '../../src/arbitraries/query.ts';
import { isValidNewPet, jsonText } from '../../src/arbitraries/wire.ts';
import { fail, pass } from '../../src/checks/types.ts';
import { INT64 } from '../../src/contract/contract.ts';
import { validate } from '../../src/contract/schemas.ts';
import { integerValue } from '../../src/http/exact.ts';
import { parseJsonBody } from '../../src/http/json-body.ts';
import { checkProperty } from '../../src/language/property.ts';

type Json = Record<string, unknown>;

const SAMPLES = 300;
const sample = <T>(arb: fc.Arbitrary<T>, n = SAMPLES) => fc.sample(arb, { numRuns: n, seed: 1234 });

describe('valid NewPet bodies', () => {
  const bodies = sample(newPetArb('run1'));

  it('all validate against new-pet.schema.json as sent (their exact JSON text)', () => {
    for (const body of bodies) expect(isValidNewPet(body), jsonText(body)).toBe(true);
  });

  it('are sent with every categoryId as the exact JSON integer it is', () => {
    for (const body of bodies) {
      const text = jsonText(body);
      expect(text).toContain(`"categoryId":${body.categoryId}`);
      const parsed = parseJsonBody(text);
      expect('exact' in parsed && integerValue((parsed.exact as Json).categoryId)).toBe(
        body.categoryId,
      );
    }
  });

  it('cover empty and KiB-long names, astral characters, and the run id', () => {
    expect(bodies.some((b) => b.name === '')).toBe(true);
    expect(bodies.some((b) => b.name.length > 1024)).toBe(true);
    expect(bodies.some((b) => /[\u{10000}-\u{10FFFF}]/u.test(b.name))).toBe(true);
    expect(bodies.filter((b) => b.name !== '').every((b) => b.name.startsWith('pc-run1-'))).toBe(
      true,
    );
  });

  it('cover categoryIds over the whole int64 range: both bounds, 0, -1 and just beyond 2^53', () => {
    const ids = bodies.map((b) => b.categoryId);
    for (const edge of [INT64.min, INT64.max, 2n ** 53n + 1n, 2n ** 53n - 1n, -(2n ** 53n) - 1n])
      expect(ids).toContain(edge);
    expect(ids).toContain(0n);
    expect(ids).toContain(-1n);
    expect(ids.every((n) => n >= INT64.min && n <= INT64.max)).toBe(true);
    // Beyond the edges too: values spread over the whole range, in each of its quarters.
    const quarter = 2n ** 62n;
    for (const [lo, hi] of [
      [INT64.min, -quarter],
      [-quarter, 0n],
      [0n, quarter],
      [quarter, INT64.max],
    ] as const)
      expect(ids.some((n) => n > lo && n < hi && !CATEGORY_EDGES.includes(n))).toBe(true);
  });

  it('have status present or absent', () => {
    expect(bodies.some((b) => !('status' in b))).toBe(true);
    expect(bodies.some((b) => 'status' in b)).toBe(true);
  });
});

describe('shrinking long names', () => {
  // Shrinking by length converges in a few dozen steps; the budget then cuts the character
  // shrinks short, and the smallest failing name found is reported.
  it('finds a small counterexample: name.length < 200 fails on a name of about 200, within the shrink budget', async () => {
    for (const runSeed of [1, 2, 3]) {
      const judgement = await checkProperty(
        nameArb('run1'),
        async (name) => (name.length < 200 ? pass('short') : fail(`${name.length} long`)),
        { runSeed, checkId: 'LONG-NAME', numRuns: 100 },
      );
      expect(judgement.verdict).toBe('fail');
      const minimal = JSON.parse(judgement.counterexample?.input ?? '""') as string;
      expect(minimal.length, `seed ${runSeed}`).toBeGreaterThanOrEqual(200);
      expect(minimal.length, `seed ${runSeed}`).toBeLessThanOrEqual(210);
    }
  });
});

describe('a NewPet judged as sent', () => {
  it('counts a bigint categoryId as the integer it is, which ajv alone does not', () => {
    const body = { name: 'a', categoryId: INT64.max };
    expect(validate('newPet', body).valid).toBe(false);
    expect(isValidNewPet(body)).toBe(true);
    expect(isValidNewPet({ name: 'a', categoryId: INT64.min })).toBe(true);
    expect(isValidNewPet({ name: 'a', categoryId: 2n ** 53n + 1n })).toBe(true);
  });

  it('judges the int64 range on the exact value: one beyond either bound is invalid', () => {
    expect(isValidNewPet({ name: 'a', categoryId: INT64.max + 1n })).toBe(false);
    expect(isValidNewPet({ name: 'a', categoryId: INT64.min - 1n })).toBe(false);
    // 2^63 as a double is the bound as a double: only the exact text tells it out of range.
    expect(isValidNewPet({ name: 'a', categoryId: 2 ** 63 })).toBe(false);
  });

  it('writes bigints as JSON integers', () => {
    expect(jsonText({ categoryId: INT64.min, n: [2n ** 53n + 1n] })).toBe(
      '{"categoryId":-9223372036854775808,"n":[9007199254740993]}',
    );
  });
});

describe('edge NewPet bodies', () => {
  it('are valid and include the edges: empty, Unicode and long names, 32/53/64-bit ids, no status', () => {
    const edges = edgeNewPets('run1');
    for (const body of edges) expect(isValidNewPet(body)).toBe(true);
    expect(edges.map((b) => b.categoryId)).toEqual(
      expect.arrayContaining([
        0n,
        -1n,
        2n ** 31n,
        2n ** 53n - 1n,
        2n ** 53n + 1n,
        -(2n ** 53n) - 1n,
        INT64.min,
        INT64.max,
      ]),
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
          expect(isValidNewPet(body.json), jsonText(body.json)).toBe(false);
        } else {
          expect(() => JSON.parse(body.raw), body.raw).toThrow();
        }
      }
    });
  }

  it('every example a mutation tries whatever the seed is proven invalid too', () => {
    for (const mutation of MUTATIONS)
      for (const body of mutation.examples?.('run1') ?? [])
        if ('json' in body) expect(isValidNewPet(body.json), jsonText(body.json)).toBe(false);
  });

  it('MISSING-NAME and MISSING-CATEGORY try the member in every other spelling, and draw them', () => {
    const keys = (id: string) =>
      (MUTATIONS.find((m) => m.id === id)?.examples?.('run1') ?? []).map((b) =>
        Object.keys('json' in b ? (b.json as object) : {}),
      );
    expect(keys('MISSING-NAME')).toEqual([
      ['Name', 'categoryId'],
      ['NAME', 'categoryId'],
      ['name ', 'categoryId'],
    ]);
    expect(keys('MISSING-CATEGORY').map((k) => k[1])).toEqual([
      'categoryID',
      'CategoryId',
      'categoryid',
      'category_id',
    ]);
    const drawn = (id: string) =>
      sample(
        MUTATIONS.find((m) => m.id === id)?.arb('run1') ?? fc.constant({ raw: '' }),
        200,
      ).flatMap((b) => ('json' in b ? Object.keys(b.json as object) : []));
    expect(drawn('MISSING-NAME')).toEqual(expect.arrayContaining(['Name', 'NAME', 'name ']));
    expect(drawn('MISSING-CATEGORY')).toEqual(
      expect.arrayContaining(['categoryID', 'CategoryId', 'categoryid', 'category_id']),
    );
  });

  it('the same seed draws the same invalid bodies', () => {
    for (const id of ['MISSING-NAME', 'MISSING-CATEGORY']) {
      const arb = MUTATIONS.find((m) => m.id === id)?.arb('run1');
      if (!arb) throw new Error(id);
      const draw = () =>
        fc
          .sample(arb, { seed: 42, numRuns: 20 })
          .map((b) => JSON.stringify(b, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)));
      expect(draw()).toEqual(draw());
    }
  });

  it('try the integers just beyond both int64 bounds by name, exactly', () => {
    const beyond = MUTATIONS.find((m) => m.id === 'CATEGORY-INT64');
    const texts = (beyond?.examples?.('run1') ?? []).map((b) =>
      'json' in b ? jsonText(b.json) : '',
    );
    expect(texts.some((t) => t.includes('"categoryId":9223372036854775808'))).toBe(true);
    expect(texts.some((t) => t.includes('"categoryId":-9223372036854775809'))).toBe(true);
  });

  it('try every near miss of a status by name, each proven invalid', () => {
    const near = MUTATIONS.find((m) => m.id === 'STATUS-NEAR');
    const examples = near?.examples?.('run1') ?? [];
    expect(examples.map((b) => ('json' in b ? (b.json as { status: string }).status : ''))).toEqual(
      [...NEAR_STATUSES],
    );
    for (const b of examples) expect('json' in b && isValidNewPet(b.json)).toBe(false);
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

  it('ids are exact int64 decimal texts over the whole range, zero, negatives and both bounds included', () => {
    const ids = sample(integerIdArb);
    expect(ids.every((id) => /^-?\d+$/.test(id) && BigInt(id).toString() === id)).toBe(true);
    const values = ids.map(BigInt);
    expect(values.every((n) => n >= INT64.min && n <= INT64.max)).toBe(true);
    expect(ids).toContain('0');
    expect(values.some((n) => n < 0n)).toBe(true);
    expect(values.some((n) => n > 2n ** 53n || n < -(2n ** 53n))).toBe(true);
  });

  it('GET-ID-ANY tries zero, -1, both int64 bounds and 2^53+1 by name, as exact text', () => {
    expect(NAMED_IDS).toEqual(
      expect.arrayContaining([
        '0',
        '-1',
        '-9223372036854775808',
        '9223372036854775807',
        '9007199254740993',
      ]),
    );
  });

  it('random queries are string maps', () => {
    for (const q of sample(anyQueryArb, 50))
      for (const v of Object.values(q)) expect(typeof v).toBe('string');
  });
});

describe('lazy', () => {
  const eager = () => fc.string({ unit: 'grapheme', maxLength: 40 });

  it('builds the arbitrary only when first drawn from', () => {
    let built = 0;
    const arb = lazy(() => {
      built++;
      return eager();
    });
    expect(built).toBe(0);
    fc.sample(arb, { seed: 1, numRuns: 3 });
    fc.sample(arb, { seed: 2, numRuns: 3 });
    expect(built).toBe(1);
  });

  it('draws and shrinks as the arbitrary it builds', () => {
    const arb = lazy(eager);
    expect(fc.sample(arb, { seed: 42, numRuns: 50 })).toEqual(
      fc.sample(eager(), { seed: 42, numRuns: 50 }),
    );
    const counterexample = (a: fc.Arbitrary<string>) =>
      fc.check(
        fc.property(a, (s) => [...s].length < 3),
        { seed: 42 },
      ).counterexample;
    expect(counterexample(arb)).toEqual(counterexample(eager()));
    expect(counterexample(arb)?.[0]).toHaveLength(3);
  });
});

describe('the small domains of listPets, sent whole', () => {
  it('EVERY_LIMIT holds each limit 1..100 once, the bounds and the default first', () => {
    expect([...EVERY_LIMIT].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(EVERY_LIMIT.slice(0, 3)).toEqual([1, 100, 20]);
  });

  it('EVERY_LIMIT spreads from the start: a sweep a budget cuts short still samples the range', () => {
    const widestGap = (prefix: readonly number[]) => {
      const sorted = [...prefix, 0, 101].sort((a, b) => a - b);
      return Math.max(...sorted.slice(1).map((n, i) => n - (sorted[i] ?? 0)));
    };
    expect(widestGap(EVERY_LIMIT.slice(0, 10))).toBeLessThanOrEqual(20);
    expect(widestGap(EVERY_LIMIT.slice(0, 34))).toBeLessThanOrEqual(8);
  });

  it('EVERY_LIMIT_WITH_A_STATUS sends every limit and every status, the named pairs first, none twice', () => {
    const pairs = EVERY_LIMIT_WITH_A_STATUS.map(([l, s]) => `${l} ${s}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(new Set(EVERY_LIMIT_WITH_A_STATUS.map(([l]) => l)).size).toBe(100);
    expect(pairs.slice(0, NAMED_LIMIT_STATUS.length)).toEqual(
      NAMED_LIMIT_STATUS.map(([l, s]) => `${l} ${s}`),
    );
    for (const status of ['available', 'pending', 'sold'])
      expect(EVERY_LIMIT_WITH_A_STATUS.filter(([, s]) => s === status).length).toBeGreaterThan(35);
  });
});
