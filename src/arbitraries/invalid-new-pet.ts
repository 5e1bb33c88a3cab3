import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { INT64, PET_STATUSES } from '../contract/contract.ts';
import { categoryIdArb, type NewPetBody, newPetArb } from './new-pet.ts';
import { refusedName } from './pet-name.ts';
import { isValidNewPet, jsonText } from './wire.ts';

/**
 * An invalid createPet body: a JSON value sent as JSON, or raw text for bodies that are not
 * JSON at all. Every JSON value here fails new-pet.schema.json as sent (a unit test proves it), so a
 * 201 for it is a real failure, never the harness's own mistake.
 */
export type InvalidBody = { json: unknown } | { raw: string };

export interface Mutation {
  /** Short id, used in the check id: `CREATE-400-<ID>`. */
  id: string;
  /** What is wrong with the body, e.g. `without name`. */
  label: string;
  arb(runId: string): fc.Arbitrary<InvalidBody>;
  /** Fewer distinct inputs than runs: no need to send the same body again and again. */
  maxRuns?: number;
  /** Bodies tried first whatever the seed. */
  examples?(runId: string): InvalidBody[];
}

const otherJson = {
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  array: fc.array(fc.jsonValue(), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  string: fc.string({ maxLength: 10 }),
};

/**
 * A body that is not an object, as long as a small request gets: a reader that takes long texts
 * another way than short ones (to skip long string literals, say) must refuse it all the same.
 */
const LONG = 1000;
const LONG_TEXT = 'x'.repeat(LONG);

function replaceField(runId: string, field: keyof NewPetBody, value: fc.Arbitrary<unknown>) {
  return fc
    .tuple(newPetArb(runId), value)
    .map(([pet, v]) => ({ ...pet, [field]: v }) as Record<string, unknown>);
}

function withoutField(runId: string, field: keyof NewPetBody) {
  return newPetArb(runId).map((pet) => {
    const { [field]: _dropped, ...rest } = pet;
    return rest;
  });
}

// The guard: whatever a mutation produces must fail the schema as sent (its exact JSON text),
// or it is not sent.
const provenInvalid = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<InvalidBody> =>
  arb.filter((value) => !isValidNewPet(value)).map((json) => ({ json }));

const notAStatus = fc
  .string({ maxLength: 12 })
  .filter((s) => !(PET_STATUSES as readonly string[]).includes(s));

/** A JSON text that does not parse: a valid body cut short, or with junk around it. */
function malformedJson(runId: string): fc.Arbitrary<InvalidBody> {
  return fc
    .tuple(newPetArb(runId), fc.constantFrom('cut', 'trailing', 'quote', 'comma'))
    .map(([pet, how]) => {
      const text = jsonText(pet);
      const raw = {
        cut: text.slice(0, Math.max(1, text.length - 2)),
        trailing: `${text} }`,
        quote: text.replace('"name"', 'name'),
        comma: text.replace('}', ',}'),
      }[how];
      return { raw };
    })
    .filter(({ raw }) => {
      try {
        JSON.parse(raw);
        return false;
      } catch {
        return true;
      }
    });
}

const nonString = fc.oneof(otherJson.number, otherJson.boolean, otherJson.array, otherJson.object);
const nonNumber = fc.oneof(
  otherJson.string,
  categoryIdArb.map(String),
  otherJson.boolean,
  otherJson.array,
  otherJson.object,
);
const fraction = fc
  .double({ min: -1e12, max: 1e12, noNaN: true })
  .filter((n) => !Number.isInteger(n));
/** Integers just beyond either int64 bound, exact: a server reading doubles cannot tell them in. */
const JUST_BEYOND_INT64 = [INT64.max + 1n, INT64.min - 1n] as const;
const beyondInt64 = fc.constantFrom<number | bigint>(
  ...JUST_BEYOND_INT64,
  1e19,
  -1e19,
  1e21,
  2 ** 64,
  -(2 ** 70),
);

/** Case variants and near misses of PetStatus values: none of them is a PetStatus. */
export const NEAR_STATUSES = [
  'Sold',
  'AVAILABLE',
  'available ',
  ' pending',
  'Pending',
  'SOLD',
  'availabl',
  'sold\u0000',
  // Letters a Unicode normalisation (NFKC) or a confusable folding turns into a PetStatus.
  '\uff53\uff4f\uff4c\uff44',
  '\u0455old',
  'sold\u200b',
] as const;

/**
 * Words outside PetStatus a store may take all the same: the inherited members of a JavaScript
 * object (`status in STATUSES` holds for `constructor`), and states a later release may add
 * under the same version, or an empty one.
 */
export const OTHER_STATUS_WORDS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'adopted',
  'reserved',
  'deleted',
  'unavailable',
  'archived',
  '',
  // The enum's ordinals, as a store that keeps statuses as numbers reads a digit string.
  '0',
  '1',
  '2',
] as const;

const otherStatusBodies = (runId: string): InvalidBody[] =>
  OTHER_STATUS_WORDS.map((status, i) => ({
    json: { name: refusedName(runId, `other-status-${i}`), categoryId: i, status },
  }));

const nearStatusBodies = (runId: string): InvalidBody[] =>
  NEAR_STATUSES.map((status, i) => ({
    json: { name: refusedName(runId, `near-status-${i}`), categoryId: i, status },
  }));

/** Values of every JSON type a field of NewPet may not hold, one per type, whatever the seed. */
const WRONG_TYPES: Record<'name' | 'categoryId' | 'status', readonly unknown[]> = {
  name: [7, 1.5, true, [], {}],
  // A one-element array of the integer: a reader that unwraps single values (Jackson's
  // UNWRAP_SINGLE_VALUE_ARRAYS) takes it for the integer; an object naming it, for a category.
  categoryId: [true, ['1'], { value: 1 }, [1], { id: 1 }],
  status: [1, 1.5, false, ['sold'], { status: 'sold' }],
};

/** Bodies with `field` of each wrong JSON type, the other fields valid. */
function typedField(field: keyof typeof WRONG_TYPES, runId = 'typed'): InvalidBody[] {
  return WRONG_TYPES[field].map((value, i) => ({
    json: {
      name: refusedName(runId, `${field}-type-${i}`),
      categoryId: i,
      status: 'sold',
      [field]: value,
    },
  }));
}

/**
 * Spellings of a required member that are not it: JSON member names are case-sensitive, so a
 * body with `Name` or `category_id` and without `name` or `categoryId` lacks a required field
 * (a server binding names case-insensitively took `{"Name":"x","CategoryID":1}` for a NewPet).
 */
export const OTHER_SPELLINGS = {
  name: ['Name', 'NAME', 'name '],
  categoryId: ['categoryID', 'CategoryId', 'categoryid', 'category_id'],
} as const;

/** A valid NewPet with `field` moved to another spelling of its name, in its place. */
function otherSpelling(runId: string, field: keyof typeof OTHER_SPELLINGS) {
  return fc
    .tuple(newPetArb(runId), fc.constantFrom(...OTHER_SPELLINGS[field]))
    .map(([pet, spelled]) =>
      Object.fromEntries(Object.entries(pet).map(([k, v]) => [k === field ? spelled : k, v])),
    );
}

/** Each other spelling of `field` whatever the seed, the name marking the request refused. */
function spelledOtherwise(runId: string, field: keyof typeof OTHER_SPELLINGS): InvalidBody[] {
  return OTHER_SPELLINGS[field].map((spelled, i) => {
    const name = refusedName(runId, `${field}-spelled-${i}`);
    return {
      json: field === 'name' ? { [spelled]: name, categoryId: i } : { name, [spelled]: i },
    };
  });
}

/** Numbers as lenient readers write them, which JSON's grammar does not (RFC 8259 6). */
const LENIENT_NUMBERS = ['007', '+5', '.5', '5.', '0x10', 'NaN', 'Infinity', '1_000'];

/** Every named way a createPet body is made invalid (contract: createPet, 400). */
export const MUTATIONS: readonly Mutation[] = [
  {
    id: 'MISSING-NAME',
    label: 'without name (left out, or spelled Name, NAME or "name ")',
    arb: (r) => provenInvalid(fc.oneof(withoutField(r, 'name'), otherSpelling(r, 'name'))),
    examples: (r) => spelledOtherwise(r, 'name'),
  },
  {
    id: 'MISSING-CATEGORY',
    label:
      'without categoryId (left out, or spelled categoryID, CategoryId, categoryid or category_id)',
    arb: (r) =>
      provenInvalid(fc.oneof(withoutField(r, 'categoryId'), otherSpelling(r, 'categoryId'))),
    examples: (r) => spelledOtherwise(r, 'categoryId'),
  },
  {
    id: 'NAME-TYPE',
    label: 'with a non-string name',
    arb: (r) => provenInvalid(replaceField(r, 'name', nonString)),
    examples: (r) => typedField('name', r),
  },
  {
    id: 'CATEGORY-TYPE',
    label: 'with a non-number categoryId',
    arb: (r) => provenInvalid(replaceField(r, 'categoryId', nonNumber)),
    // A number written as a string is the near miss servers accept: tried whatever the seed.
    examples: (r) => [
      ...['1', INT64.max.toString()].map((categoryId, i) => ({
        json: { name: refusedName(r, `string-category-${i}`), categoryId },
      })),
      ...typedField('categoryId', r),
    ],
  },
  {
    id: 'STATUS-TYPE',
    label: 'with a non-string status',
    arb: (r) => provenInvalid(replaceField(r, 'status', nonString)),
    examples: (r) => typedField('status', r),
  },
  {
    id: 'NAME-NULL',
    label: 'with name null',
    arb: (r) => provenInvalid(replaceField(r, 'name', fc.constant(null))),
  },
  {
    id: 'CATEGORY-NULL',
    label: 'with categoryId null',
    arb: (r) => provenInvalid(replaceField(r, 'categoryId', fc.constant(null))),
  },
  {
    id: 'STATUS-NULL',
    label: 'with status null',
    arb: (r) => provenInvalid(replaceField(r, 'status', fc.constant(null))),
  },
  {
    id: 'STATUS-ENUM',
    label: 'with a status outside the enum',
    arb: (r) => provenInvalid(replaceField(r, 'status', notAStatus)),
    examples: otherStatusBodies,
  },
  {
    id: 'STATUS-NEAR',
    label: 'with a case variant or near miss of a status (Sold, AVAILABLE, "available ")',
    arb: (r) => provenInvalid(replaceField(r, 'status', fc.constantFrom(...NEAR_STATUSES))),
    maxRuns: 3,
    examples: nearStatusBodies,
  },
  {
    id: 'CATEGORY-FRACTION',
    label: 'with a fractional categoryId',
    arb: (r) => provenInvalid(replaceField(r, 'categoryId', fraction)),
    // Short fractions whatever the seed: a reader that shifts the point the wrong way makes
    // 1.5 the integer 150 (drawn doubles have too many digits to show it).
    examples: (r) => [
      ...[1.5, -2.25].map((categoryId, i) => ({
        json: { name: refusedName(r, `fraction-${i}`), categoryId },
      })),
      // Fractions a double rounds to an integer: a reader that parses JSON numbers as doubles
      // takes them for 1 and 2^53+2 (the JSON text is sent as written).
      ...['1.0000000000000001', '9007199254740993.5', '-0.00000000000000001'].map((text, i) => ({
        raw: `{"name":${JSON.stringify(refusedName(r, `fraction-rounded-${i}`))},"categoryId":${text}}`,
      })),
    ],
  },
  {
    id: 'CATEGORY-INT64',
    label: 'with a categoryId beyond int64',
    arb: (r) => provenInvalid(replaceField(r, 'categoryId', beyondInt64)),
    maxRuns: 5,
    // A huge exponent too: a reader that expands 1e999999999 into its digits hangs.
    examples: (r) =>
      [...JUST_BEYOND_INT64, new LosslessNumber('1e999999999')].map((categoryId, i) => ({
        json: { name: refusedName(r, `beyond-int64-${i}`), categoryId },
      })),
  },
  {
    id: 'BODY-ARRAY',
    label: 'with an array body',
    arb: (r) => provenInvalid(fc.array(newPetArb(r), { maxLength: 2 })),
    examples: () => [{ json: [LONG_TEXT] }],
  },
  {
    id: 'BODY-STRING',
    label: 'with a string body',
    arb: () => provenInvalid(otherJson.string),
    examples: () => [{ json: LONG_TEXT }, { json: '"\\'.repeat(LONG / 2) }],
  },
  {
    id: 'BODY-NUMBER',
    label: 'with a number body',
    arb: () => provenInvalid(otherJson.number),
    examples: () => [{ raw: `${' '.repeat(LONG)}7` }],
  },
  {
    id: 'BODY-NULL',
    label: 'with a null body',
    arb: () => provenInvalid(fc.constant(null)),
    maxRuns: 1,
    examples: () => [{ raw: `${' '.repeat(LONG)}null` }],
  },
  {
    id: 'MALFORMED-JSON',
    label: 'with malformed JSON (also numbers JSON does not write: 007, +5, .5, 0x10, NaN)',
    arb: (r) => malformedJson(r),
    // Number forms a lenient reader (JavaScript's Number, JSON5, Jackson's ALLOW_* features)
    // takes, which RFC 8259 6 does not: the body is no JSON text, whatever the seed.
    examples: (r) =>
      LENIENT_NUMBERS.map((text, i) => ({
        raw: `{"name":${JSON.stringify(refusedName(r, `lenient-number-${i}`))},"categoryId":${text}}`,
      })),
  },
  {
    id: 'EMPTY-BODY',
    label: 'with an empty body',
    arb: () => fc.constant({ raw: '' }),
    maxRuns: 1,
  },
];
