import fc from 'fast-check';
import { LIMIT, PET_STATUSES } from '../contract.ts';
import { codePoint } from './unicode.ts';

/** Every valid limit, 1 to 100. */
export const validLimitArb = fc.integer({ min: LIMIT.min, max: LIMIT.max });

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
