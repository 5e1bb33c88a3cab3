import fc from 'fast-check';
import { PET_STATUSES } from '../contract.ts';
import { petName } from './pet-name.ts';
import { codePoint } from './unicode.ts';

const nameParts = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: codePoint, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: codePoint, minLength: 1024, maxLength: 4096 }) },
);

/** Names with full Unicode, short or a few KiB long, plus the empty name (which cannot carry the run id). */
export function nameArb(runId: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 9, arbitrary: nameParts.map((s) => petName(runId, s)) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

/** Edges a server is most likely to mangle: zero, signs, the 32-bit and 53-bit boundaries. */
const CATEGORY_EDGES = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** categoryId over the whole safe-integer range, with its edges drawn often. */
export const categoryIdArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...CATEGORY_EDGES),
  fc.maxSafeInteger(),
  fc.integer(),
);

export const statusArb = fc.constantFrom(...PET_STATUSES);

export type NewPetBody = {
  name: string;
  categoryId: number;
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
 * Bodies every valid-body property tries first, whatever the seed: the edges servers get wrong.
 * One edge per body: fast-check does not shrink examples, so a failing one must already be small.
 */
export function edgeNewPets(runId: string): NewPetBody[] {
  return [
    { name: '', categoryId: 1, status: 'available' },
    { name: petName(runId, 'no-status'), categoryId: 2 },
    { name: petName(runId, 'Ünïcødé 🐶 名前 \u{1F600}'), categoryId: 3, status: 'pending' },
    { name: petName(runId, 'x'.repeat(4096)), categoryId: 4, status: 'sold' },
    { name: `  ${petName(runId, 'padded')}\t `, categoryId: 5, status: 'available' },
    { name: petName(runId, 'inner   runs  of    spaces'), categoryId: 6, status: 'pending' },
    { name: petName(runId, 'nul\u0000inside'), categoryId: 7, status: 'sold' },
    { name: petName(runId, 'astral \u{1D518}\u{1D52B}\u{1F984}'), categoryId: 8, status: 'sold' },
    { name: petName(runId, 'combining e\u0301 a\u0308 n\u0303'), categoryId: 9, status: 'pending' },
    { name: petName(runId, 'zero'), categoryId: 0, status: 'sold' },
    { name: petName(runId, 'negative'), categoryId: -1, status: 'sold' },
    { name: petName(runId, 'int32'), categoryId: 2 ** 31, status: 'sold' },
    { name: petName(runId, 'max'), categoryId: Number.MAX_SAFE_INTEGER, status: 'available' },
    { name: petName(runId, 'min'), categoryId: Number.MIN_SAFE_INTEGER, status: 'available' },
  ];
}
