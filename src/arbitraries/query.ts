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

/** `n` with its lowest `bits` bits in reverse order: 0, 64, 32, 96, 16, ... for 7 bits. */
function bitReversed(n: number, bits: number): number {
  let reversed = 0;
  for (let i = 0; i < bits; i++) reversed |= ((n >> i) & 1) << (bits - 1 - i);
  return reversed;
}

/**
 * Every valid limit, 1 to 100, each once: the domain is small enough to send whole (a server
 * that fails one value alone, limit=37, is caught whatever the seed). In an order that spreads
 * over the domain from the start: both bounds and the default, then the rest by bit-reversed
 * offset (65, 33, 97, 17, ...), so a sweep a request budget cuts short has still sampled the
 * whole range evenly.
 */
export const EVERY_LIMIT: readonly number[] = (() => {
  const first: number[] = [LIMIT.min, LIMIT.max, LIMIT.default];
  const span = LIMIT.max - LIMIT.min + 1;
  const bits = Math.ceil(Math.log2(span));
  const rest = Array.from({ length: 2 ** bits }, (_, i) => LIMIT.min + bitReversed(i, bits)).filter(
    (limit) => limit <= LIMIT.max && !first.includes(limit),
  );
  return [...first, ...rest];
})();

/** limit with a status filter: small limits drawn often, any valid one sometimes. */
export const limitStatusArb = fc.tuple(
  fc.oneof(fc.integer({ min: LIMIT.min, max: 5 }), validLimitArb),
  fc.constantFrom(...PET_STATUSES),
);

/** The pairs every seed tries: 1, 2, 5, the default and the maximum, with each status. */
export const NAMED_LIMIT_STATUS: readonly (readonly [number, PetStatus])[] = PET_STATUSES.flatMap(
  (status) => [LIMIT.min, 2, 5, LIMIT.default, LIMIT.max].map((limit) => [limit, status] as const),
);

/**
 * limit x status is 300 pairs: every limit once, the statuses in turn (so each status meets a
 * third of the limits spread over the range), after the named pairs (1, 2, 5, the default and
 * the maximum with each status). Every value of each parameter is sent; a pair fails alone only
 * where a server breaks one limit for one status.
 */
export const EVERY_LIMIT_WITH_A_STATUS: readonly (readonly [number, PetStatus])[] = (() => {
  const named = NAMED_LIMIT_STATUS.map(([l, s]) => `${l} ${s}`);
  const swept = EVERY_LIMIT.map(
    (limit, i) => [limit, PET_STATUSES[i % PET_STATUSES.length] as PetStatus] as const,
  ).filter(([l, s]) => !named.includes(`${l} ${s}`));
  return [...NAMED_LIMIT_STATUS, ...swept];
})();

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

/**
 * Query values sent as written whose percent-escapes are malformed or decode to no UTF-8 text
 * (a decoder that throws on them answers 500): `%`, `%zz`, `%FF`, `%E2%82`.
 */
export const MALFORMED_LIMITS = ['%', '%zz', '%FF', '%E2%82'] as const;
export const MALFORMED_STATUSES = MALFORMED_LIMITS;

/** status values outside PetStatus: wrong case, unknown words, lists, empty. */
export const INVALID_STATUSES = [
  'lost',
  'AVAILABLE',
  'Sold',
  '',
  'available,sold',
  'null',
] as const;

/** Random query parameters for robustness: known and unknown names, any values. */
const queryRecordArb: fc.Arbitrary<Record<string, string>> = fc.dictionary(
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

/**
 * Query strings as written, whose names may repeat (`limit=5&limit=6`): a parser that keeps the
 * first, the last or a list answers as it will, but an error must still be an Error.
 */
const repeatingQueryArb: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom('limit', 'status', 'offset', 'page'),
      fc.oneof(fc.constantFrom(...PET_STATUSES, '5', '0', ''), fc.integer().map(String)),
    ),
    { minLength: 2, maxLength: 4 },
  )
  .map((pairs) => pairs.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join('&'));

/** Random queries for robustness: names and values of any kind, as pairs or as written. */
export const anyQueryArb: fc.Arbitrary<Record<string, string> | string> = fc.oneof(
  { arbitrary: queryRecordArb, weight: 3 },
  { arbitrary: repeatingQueryArb, weight: 1 },
);

/**
 * Queries every seed sends as written: a name twice, with the same value or others; a valid
 * limit or status beside a paging parameter of the server's own, or such a parameter alone (the
 * default limit still bounds its page); names with no value; names services often give a
 * meaning of their own.
 */
export const WRITTEN_QUERIES: readonly string[] = [
  'limit=5&limit=6',
  'limit=5&limit=5',
  'status=sold&status=pending',
  'limit=5&offset=0',
  'limit=3&page=1',
  // Past the first position: a server's own paging that computes the page's end from the raw
  // strings (offset + limit concatenated: "1" + "5" = 15, "2" + "50" = 250) overruns the limit.
  'offset=1&limit=5',
  'offset=2&limit=50',
  'page=2&limit=5',
  'skip=1&limit=5',
  'start=3&limit=2',
  'page=1',
  'offset=0',
  'status=sold&cursor=0',
  'limit',
  'limit=&status=',
  // The limit's name in another letter case, and the page-size names of other APIs: a
  // framework that binds names in any case, or reads its own, still pages no more than 100.
  'Limit=500',
  'LIMIT=500',
  'per_page=500&page_size=500&pageSize=500',
  'size=500&max=500&count=500&top=500&%24top=500',
  // The limit in qs's bracket forms (express's extended parser): another name to a validator
  // that reads URLSearchParams, limit 500 to a data layer that binds them.
  'limit[]=500',
  'limit[0]=500',
  // Names services give a meaning of their own (JSONP, another format, a projection, an
  // envelope, a sort): whatever they choose, a 200 is still a page of whole Pets in JSON.
  'callback=cb',
  'jsonp=cb',
  'format=xml&_format=xml',
  'fields=name',
  'pretty=true&sort=name&order=desc',
  'expand=category&include=deleted&envelope=true',
  // A request target past 8 KiB, where nginx and Tomcat stop by default (a 414 or 400 from the
  // front is an error answer too, owed the Error body).
  `limit=5&pc-pad=${'x'.repeat(9000)}`,
];
