import fc from 'fast-check';
import { LIMIT, PET_STATUSES, type PetStatus } from '../contract/contract.ts';
import { codePoint } from './unicode.ts';

/** Every valid limit, 1 to 100. */
export const validLimitArb = fc.integer({ min: LIMIT.min, max: LIMIT.max });

/** Both bounds and every decade of limit: tried by name, whatever the seed. */
export const NAMED_LIMITS: readonly number[] = [
  LIMIT.min,
  ...Array.from({ length: LIMIT.max / 10 }, (_, i) => (i + 1) * 10),
];

/** limit with a status filter: small limits drawn often, any valid one sometimes. */
export const limitStatusArb = fc.tuple(
  fc.oneof(fc.integer({ min: LIMIT.min, max: 5 }), validLimitArb),
  fc.constantFrom(...PET_STATUSES),
);

/** The pairs every seed tries: 1, 2, 5, the default and the maximum, with each status. */
export const NAMED_LIMIT_STATUS: readonly (readonly [number, PetStatus])[] = PET_STATUSES.flatMap(
  (status) => [LIMIT.min, 2, 5, LIMIT.default, LIMIT.max].map((limit) => [limit, status] as const),
);

/** limit values the contract does not allow: out of range, not integers, empty. */
export const INVALID_LIMITS = [
  '0',
  '-1',
  '101',
  '1.5',
  'abc',
  '',
  '1e2',
  '100000000000000000000',
] as const;

/** status values outside PetStatus: wrong case, unknown words, lists, empty. */
export const INVALID_STATUSES = [
  'lost',
  'AVAILABLE',
  'Sold',
  '',
  'available,sold',
  'null',
] as const;

/** Random query strings for robustness: known and unknown names, any values. */
export const anyQueryArb: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(
    fc.constantFrom('limit', 'status', 'offset', 'page', 'cursor'),
    fc.string({ minLength: 1, maxLength: 8 }),
  ),
  fc.oneof(
    fc.constantFrom(...PET_STATUSES),
    fc.integer().map(String),
    fc.string({ unit: codePoint, maxLength: 20 }),
  ),
  { maxKeys: 3 },
);
