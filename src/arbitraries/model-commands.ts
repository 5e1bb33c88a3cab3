import fc from 'fast-check';
import { LIMIT, PET_STATUSES, type PetStatus } from '../contract/contract.ts';
import { categoryIdArb } from './new-pet.ts';
import { codePoint } from './unicode.ts';
import { categoryChar } from './unicode-categories.ts';

/** How a command presents the credential: the key, none, or a wrong one. */
export type CredentialChoice = 'key' | 'none' | 'wrong';

/** A NewPet for the model: its name is made unique when it is sent (see `ModelCreate`). */
export interface ModelNewPet {
  suffix: string;
  categoryId: bigint;
  status?: PetStatus;
}

/** What one command of the run's model sends: an operation, its credential and its input. */
export type CommandSpec =
  | { kind: 'create'; credential: CredentialChoice; pet: ModelNewPet }
  | { kind: 'create-invalid'; credential: CredentialChoice; body: unknown }
  | { kind: 'list'; credential: CredentialChoice; limit?: number | string; status?: string }
  | { kind: 'get'; credential: CredentialChoice; pick: number }
  | { kind: 'get-invalid'; credential: CredentialChoice; petId: string }
  | { kind: 'batch'; pets: ModelNewPet[] };

/** Mostly the key: a model that is refused everything learns nothing of the store. */
export const credentialArb: fc.Arbitrary<CredentialChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('key' as const) },
  { weight: 1, arbitrary: fc.constant('none' as const) },
  { weight: 1, arbitrary: fc.constant('wrong' as const) },
);

export const modelNewPetArb: fc.Arbitrary<ModelNewPet> = fc.record(
  {
    suffix: fc.string({ unit: fc.oneof(codePoint, categoryChar), maxLength: 12 }),
    categoryId: categoryIdArb,
    status: fc.constantFrom(...PET_STATUSES),
  },
  { requiredKeys: ['suffix', 'categoryId'] },
);

/** Bodies that are no NewPet, each proven so by a test (owed 400 with the key, 401 without). */
export const MODEL_INVALID_BODIES: readonly unknown[] = [
  {},
  { name: 'x' },
  { categoryId: 1 },
  { name: 1, categoryId: 1 },
  { name: 'x', categoryId: '1' },
  { name: 'x', categoryId: 1.5 },
  { name: 'x', categoryId: 1, status: 'lost' },
  { name: null, categoryId: 1 },
  [],
  'x',
];

/** A limit within the rules (or none), or one outside them; a status, or one outside PetStatus. */
const limitArb = fc.option(
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: LIMIT.min, max: LIMIT.max }) },
    { weight: 1, arbitrary: fc.constantFrom<number | string>(0, -1, LIMIT.max + 1, 'abc') },
  ),
  { nil: undefined },
);
const statusArb = fc.option(
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<string>(...PET_STATUSES) },
    { weight: 1, arbitrary: fc.constant('lost') },
  ),
  { nil: undefined },
);

/** The commands' inputs, each kind with its weight. */
export const commandSpecArbs: fc.Arbitrary<CommandSpec>[] = [
  fc.record({
    kind: fc.constant('create' as const),
    credential: credentialArb,
    pet: modelNewPetArb,
  }),
  fc.record({
    kind: fc.constant('create-invalid' as const),
    credential: credentialArb,
    body: fc.constantFrom(...MODEL_INVALID_BODIES),
  }),
  fc
    .record({ credential: credentialArb, limit: limitArb, status: statusArb })
    .map(({ credential, limit, status }) => ({
      kind: 'list' as const,
      credential,
      ...(limit === undefined ? {} : { limit }),
      ...(status === undefined ? {} : { status }),
    })),
  fc.record({ kind: fc.constant('get' as const), credential: credentialArb, pick: fc.nat() }),
  fc.record({
    kind: fc.constant('get-invalid' as const),
    credential: credentialArb,
    petId: fc.constantFrom('abc', '1.5', '1e3', '9223372036854775808'),
  }),
  fc.record({
    kind: fc.constant('batch' as const),
    pets: fc.array(modelNewPetArb, { minLength: 2, maxLength: 4 }),
  }),
];
