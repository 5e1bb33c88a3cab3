import fc from 'fast-check';
import { INT64, PET_STATUSES } from '../contract/contract.ts';
import { lazy } from './lazy.ts';
import { petName } from './pet-name.ts';
import { codePoint } from './unicode.ts';
import { categoryChar } from './unicode-categories.ts';

/**
 * Long names: up to 4096 code points, sized to the maximum so three in four are over 1 KiB.
 * No minimum length, so a failing one shrinks by length as well as by character.
 */
const longName = fc.string({ unit: codePoint, maxLength: 4096, size: 'max' });

// Cross-shrink: a failing long name may shrink into the short kinds, as far as it still fails.
const nameParts = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.string({ unit: codePoint, maxLength: 40 }) },
  { weight: 2, arbitrary: lazy(() => fc.string({ unit: 'grapheme', maxLength: 40 })) },
  // The characters servers strip, escape twice or normalise, among any others.
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(codePoint, categoryChar), maxLength: 40 }) },
  { weight: 1, arbitrary: longName },
);

/** Names with full Unicode, short or a few KiB long, plus the empty name (which cannot carry the run id). */
export function nameArb(runId: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 9, arbitrary: nameParts.map((s) => petName(runId, s)) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

/**
 * Edges a server is most likely to mangle: zero, signs, the 32-bit and 53-bit boundaries (just
 * beyond 2^53 a double can no longer hold every integer) and both int64 bounds.
 */
export const CATEGORY_EDGES: readonly bigint[] = [
  0n,
  -1n,
  1n,
  2n ** 31n - 1n,
  2n ** 31n,
  -(2n ** 31n) - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  -(2n ** 53n) + 1n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  INT64.min,
  INT64.max,
];

/**
 * categoryId over the whole int64 range, exact (a bigint, sent as a JSON integer), with its
 * edges and small values drawn often.
 */
export const categoryIdArb: fc.Arbitrary<bigint> = fc.oneof(
  fc.constantFrom(...CATEGORY_EDGES),
  fc.bigInt({ min: INT64.min, max: INT64.max }),
  fc.maxSafeInteger().map(BigInt),
  fc.integer().map(BigInt),
);

export const statusArb = fc.constantFrom(...PET_STATUSES);

export type NewPetBody = {
  name: string;
  /** Exact: a bigint, so values beyond 2^53 are sent as written. */
  categoryId: bigint;
  status?: (typeof PET_STATUSES)[number];
};

/** Valid NewPet bodies: `status` present or absent. */
export function newPetArb(runId: string): fc.Arbitrary<NewPetBody> {
  return fc.record(
    { name: nameArb(runId), categoryId: categoryIdArb, status: statusArb },
    { requiredKeys: ['name', 'categoryId'] },
  );
}

/**
 * Names that are edges as a whole: blank ones, line breaks written with CR, a lone space; and
 * the names of a JavaScript object's own inherited members and words a store may read as
 * nothing (a name index kept in a plain object meets `constructor` as a function, a lookup
 * table `__proto__` as the prototype).
 */
export const WHOLE_NAMES = [
  ' ',
  '   ',
  '\t',
  '\u00a0',
  'a\r\nb',
  'a\rb',
  '\r\n',
  'x ',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
];

/**
 * Bodies every valid-body property tries first, whatever the seed: the edges servers get wrong.
 * One edge per body: fast-check does not shrink examples, so a failing one must already be small.
 */
export function edgeNewPets(runId: string): NewPetBody[] {
  return [
    { name: '', categoryId: 1n, status: 'available' },
    { name: petName(runId, 'no-status'), categoryId: 2n },
    { name: petName(runId, 'Ünïcødé 🐶 名前 \u{1F600}'), categoryId: 3n, status: 'pending' },
    { name: petName(runId, 'x'.repeat(4096)), categoryId: 4n, status: 'sold' },
    { name: `  ${petName(runId, 'padded')}\t `, categoryId: 5n, status: 'available' },
    { name: petName(runId, 'inner   runs  of    spaces'), categoryId: 6n, status: 'pending' },
    { name: petName(runId, 'nul\u0000inside'), categoryId: 7n, status: 'sold' },
    { name: petName(runId, 'astral \u{1D518}\u{1D52B}\u{1F984}'), categoryId: 8n, status: 'sold' },
    {
      name: petName(runId, 'combining e\u0301 a\u0308 n\u0303'),
      categoryId: 9n,
      status: 'pending',
    },
    { name: petName(runId, 'zero'), categoryId: 0n, status: 'sold' },
    { name: petName(runId, 'negative'), categoryId: -1n, status: 'sold' },
    { name: petName(runId, 'int32'), categoryId: 2n ** 31n, status: 'sold' },
    { name: petName(runId, 'max'), categoryId: 2n ** 53n - 1n, status: 'available' },
    { name: petName(runId, 'min'), categoryId: -(2n ** 53n) + 1n, status: 'available' },
    { name: petName(runId, 'beyond-2^53'), categoryId: 2n ** 53n + 1n, status: 'pending' },
    { name: petName(runId, 'below-2^53'), categoryId: -(2n ** 53n) - 1n, status: 'pending' },
    { name: petName(runId, 'int64-max'), categoryId: INT64.max, status: 'sold' },
    { name: petName(runId, 'int64-min'), categoryId: INT64.min, status: 'sold' },
    // Trailing zeros: a reader that scales by them (1.0E1 is 10) must not count them twice.
    { name: petName(runId, 'ten'), categoryId: 10n, status: 'available' },
    { name: petName(runId, 'thousand'), categoryId: 1000n },
    { name: petName(runId, 'near-int64-min-zeros'), categoryId: INT64.min + 8n, status: 'sold' },
    // Whole names, without the run's mark: a rule about the name as a whole (blank, trimmed,
    // line endings made one) never meets a name that starts with it. Each is a string, so each
    // is a valid name, and comes back as sent.
    ...WHOLE_NAMES.map(
      (name, i): NewPetBody => ({ name, categoryId: 11n + BigInt(i), status: 'pending' }),
    ),
  ];
}

/**
 * Every combination of the fields' falsy and extreme values: an empty or a plain name; a
 * categoryId of 0, 1, -1 or either int64 bound; no status or each one. A server that tests two
 * fields together (`!body.categoryId && !body.status` as "empty body") refuses one combination
 * no single edge shows. Forty bodies: each alone is an edge, so a failing one is already small.
 */
export function boundaryNewPets(runId: string): NewPetBody[] {
  const names = ['', petName(runId, 'pair')];
  const categories = [0n, 1n, -1n, INT64.max, INT64.min];
  const statuses = [undefined, ...PET_STATUSES];
  return names.flatMap((name) =>
    categories.flatMap((categoryId) =>
      statuses.map((status) => ({ name, categoryId, ...(status ? { status } : {}) })),
    ),
  );
}
