import type { AppRequest, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { bigIntOf, isObject, LIST, onResponse, onStoredPets, parsedBody } from './wrap.ts';

/**
 * A store that keeps some pets other than it echoed them: `marks` says, of a createPet request,
 * whether its pet is kept changed; `keep` changes every read of a pet so created.
 */
function storedOtherwise(
  app: Handler,
  marks: (req: AppRequest, body: Record<string, unknown>) => boolean,
  keep: (pet: Record<string, unknown>) => Record<string, unknown>,
): Handler {
  const marked = new Set<string>();
  const noting = onResponse(app, 'POST', LIST, (res, req) => {
    const body = parsedBody(req);
    if (res.status === 201 && isObject(body) && isObject(res.json) && marks(req, body))
      marked.add(String(res.json.id));
    return res;
  });
  return onStoredPets(noting, (pet) => (marked.has(String(pet.id)) ? keep(pet) : pet));
}

/** Servers whose createPet answers as sent and whose store keeps something else. */
export const READ_BACK_FAULTS: readonly Fault[] = [
  {
    name: 'batch-job-rounds-categories',
    description:
      'A job that runs behind the store rewrites every pet older than a second with its categoryId through a double: 9007199254740993 reads back as 9007199254740992 from then on (both views, getPet and listPets); a read straight after the create is right.',
    caughtBy: ['RUN-PET-CONSISTENT'],
    wrap: (app) => {
      const born = new Map<string, number>();
      const noting = onResponse(app, 'POST', LIST, (res) => {
        if (res.status === 201 && isObject(res.json)) born.set(String(res.json.id), Date.now());
        return res;
      });
      return onStoredPets(noting, (pet) => {
        const at = born.get(String(pet.id));
        const n = bigIntOf(pet.categoryId);
        if (at === undefined || Date.now() - at < 1000 || n === undefined) return pet;
        // Within int64 once rounded: the bounds would round past it, which every schema sees.
        return n > -(2n ** 62n) && n < 2n ** 62n ? { ...pet, categoryId: BigInt(Number(n)) } : pet;
      });
    },
  },
  {
    name: 'unsigned-category-without-status',
    description:
      'Keeps a pet created without a status in a table whose categoryId column is unsigned: a negative categoryId is stored as 0. createPet echoes the categoryId sent; getPet and listPets show 0.',
    caughtBy: ['RUN-READ-AFTER-WRITE'],
    wrap: (app) =>
      storedOtherwise(
        app,
        (_req, body) => body.status === undefined && String(body.categoryId).startsWith('-'),
        (pet) => ({ ...pet, categoryId: 0 }),
      ),
  },
  {
    name: 'chunked-create-stored-as-latin1',
    description:
      'Stores the pet of a createPet whose body came in chunks (Transfer-Encoding: chunked) through a streaming path that decodes its bytes as Latin-1: a name past ASCII is kept garbled. createPet echoes the name parsed right; getPet and listPets show the garbled one.',
    caughtBy: ['RUN-READ-AFTER-WRITE'],
    wrap: (app) =>
      storedOtherwise(
        app,
        (req) => /chunked/i.test(req.headers['transfer-encoding'] ?? ''),
        (pet) =>
          typeof pet.name === 'string'
            ? { ...pet, name: Buffer.from(pet.name, 'utf8').toString('latin1') }
            : pet,
      ),
  },
];
