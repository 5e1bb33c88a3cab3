import { LosslessNumber } from 'lossless-json';
import type { Handler } from '../../src/reference/index.ts';
import { parseNewPet } from '../../src/reference/new-pet.ts';
import type { Fault } from './types.ts';
import {
  bigIntOf,
  ITEM,
  intercept,
  isObject,
  jsonText,
  LIST,
  mapJson,
  onRequest,
  onResponse,
  parsedBody,
  rewriteJsonBody,
  serverError,
} from './wrap.ts';

type Json = Record<string, unknown>;

/** Rewrites an integer categoryId of a createPet body before the reference reads it. */
const onIntegerCategory = (app: Handler, fn: (id: bigint) => bigint): Handler =>
  onRequest(app, 'POST', LIST, (req) =>
    rewriteJsonBody(req, (b) => {
      const categoryId = bigIntOf(b.categoryId);
      return categoryId === undefined ? b : { ...b, categoryId: fn(categoryId) };
    }),
  );

/** The id a NewPet carries, as an integer or the text of one; undefined without. */
function clientId(body: unknown): bigint | undefined {
  if (!isObject(body)) return undefined;
  if (typeof body.id === 'string' && /^-?\d{1,19}$/.test(body.id)) return BigInt(body.id);
  return bigIntOf(body.id);
}

/** Rewrites the fields of a valid create's answer. */
function onCreated(app: Handler, fn: (pet: Json) => Json): Handler {
  return onResponse(app, 'POST', LIST, (res) => {
    if (res.status !== 201) return res;
    const mapped = mapJson(res, (pet) => fn(pet as Json));
    const idOf = (json: unknown) => (isObject(json) ? jsonText(json.id) : undefined);
    if (idOf(mapped.json) === idOf(res.json)) return mapped;
    // The Location named the stored id: gone with it, so that the fault breaks its clause alone.
    const { location: _, ...headers } = mapped.headers ?? {};
    return { ...mapped, headers };
  });
}

/** A Pet's categoryId as a double would hold it, written back the way JavaScript writes it. */
function asDouble(pet: Json): Json {
  const exact = bigIntOf(pet.categoryId);
  return exact === undefined
    ? pet
    : { ...pet, categoryId: new LosslessNumber(String(Number(exact))) };
}

/** Applies `fn` to the Pet or to each Pet of a Pets array. */
const mapPets = (json: unknown, fn: (pet: Json) => Json): unknown =>
  Array.isArray(json)
    ? json.map((p) => (isObject(p) ? fn(p) : p))
    : isObject(json)
      ? fn(json)
      : json;

const rejectWhen = (app: Handler, when: (body: Json) => boolean): Handler =>
  intercept(app, 'POST', LIST, (req) => {
    const body = parsedBody(req);
    return isObject(body) && parseNewPet(req.body).ok && when(body)
      ? { status: 400, json: { code: 'invalid', message: 'Rejected.', status: 400 } }
      : undefined;
  });

/** createPet answering valid bodies wrongly. */
/**
 * createPet whose 201 gives `field` the Location's pet path with the id one less: the pet created
 * before (an id counter read too early).
 */
const previousPetIn = (app: Handler, field: 'location' | 'content-location'): Handler =>
  onResponse(app, 'POST', LIST, (res) => {
    const location = res.headers?.location;
    if (res.status !== 201 || !location) return res;
    const previous = location.replace(/(-?\d+)$/, (id) => String(BigInt(id) - 1n));
    return { ...res, headers: { ...res.headers, [field]: previous } };
  });

export const CREATE_ANSWER_FAULTS: Fault[] = [
  {
    name: 'long-name-413',
    description:
      'Maps a name over 255 characters (a VARCHAR(255) column overflowing) to 413 with an Error body, however small the body: a field length limit dressed as a body size limit, while larger bodies with shorter names are taken.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const body = req.method === 'POST' ? parsedBody(req) : undefined;
      if (isObject(body) && typeof body.name === 'string' && [...body.name].length > 255)
        return {
          status: 413,
          json: { code: 'payload_too_large', message: 'Payload Too Large', status: 413 },
        };
      return app(req);
    },
  },
  {
    name: 'create-answer-id-twice',
    description:
      'Writes the 201 Pet with a stale id member first and the assigned one after it: {"id":4242424242,"id":7,...}. A reader that keeps the first id holds one no pet has.',
    caughtBy: ['CREATE-201-PET'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res) => {
        if (res.status !== 201 || res.json === undefined) return res;
        const { json: _json, ...rest } = res;
        return {
          ...rest,
          headers: { ...res.headers, 'content-type': 'application/json' },
          raw: `{"id":4242424242,${jsonText(res.json).slice(1)}`,
        };
      }),
  },
  {
    name: 'location-names-previous-pet',
    description:
      'Builds createPet’s Location from the id counter read before the insert moved it on: the 201 shows the new pet but its Location names the pet created before (another client’s).',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => previousPetIn(app, 'location'),
  },
  {
    name: 'content-location-previous-pet',
    description:
      'Gives createPet’s 201 the right Location and a Content-Location built off by one: the 201 shows the new pet and says it is the representation of the pet created before.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => previousPetIn(app, 'content-location'),
  },
  {
    name: 'create-answers-200',
    description: 'Answers 200 instead of 201 when a pet is added.',
    caughtBy: ['CREATE-201-PET', 'CREATE-201-PROPERTY'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res) => (res.status === 201 ? { ...res, status: 200 } : res)),
  },
  {
    name: 'create-without-id',
    description: 'Leaves id out of the created Pet.',
    caughtBy: ['CREATE-201-PET'],
    wrap: (app) => onCreated(app, ({ id: _id, ...pet }) => pet),
  },
  {
    name: 'create-string-id',
    description: 'Returns the id as a string.',
    caughtBy: ['CREATE-201-PET'],
    wrap: (app) => onCreated(app, (pet) => ({ ...pet, id: String(pet.id) })),
  },
  {
    name: 'create-duplicate-ids',
    description: 'Gives every pet the id 1.',
    caughtBy: ['CREATE-ID-UNIQUE'],
    wrap: (app) => onCreated(app, (pet) => ({ ...pet, id: 1 })),
  },
  {
    name: 'create-echoes-client-id',
    description:
      'Answers a NewPet that carries an id (number or string) with that id as the new pet’s, though a pet already has it (the store keeps its own).',
    caughtBy: ['CREATE-CLIENT-ID'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res, req) => {
        const given = clientId(parsedBody(req));
        return res.status === 201 && given !== undefined
          ? mapJson(res, (pet) => ({ ...(pet as Json), id: given }))
          : res;
      }),
  },
  {
    name: 'create-client-id-overwrites',
    description:
      'Creates a pet with a new id, but also writes a NewPet that carries an id over the pet of that id: getPet of it then shows the new pet.',
    caughtBy: ['CREATE-CLIENT-ID'],
    wrap: (app) => {
      const written = new Map<string, Json>();
      const create = onResponse(app, 'POST', LIST, (res, req) => {
        const given = clientId(parsedBody(req));
        if (res.status === 201 && given !== undefined && isObject(res.json))
          written.set(given.toString(), { ...res.json, id: given });
        return res;
      });
      return intercept(create, 'GET', ITEM, (req) => {
        const pet = written.get(req.path.split('/').at(-1) ?? '');
        return pet ? { status: 200, json: pet } : undefined;
      });
    },
  },
  {
    name: 'create-status-not-echoed',
    description: 'Leaves status out of the created Pet.',
    caughtBy: ['CREATE-201-PET'],
    wrap: (app) => onCreated(app, ({ status: _s, ...pet }) => pet),
  },
  {
    name: 'create-unicode-mangled',
    description: 'Stores names as Latin-1: other characters become "?".',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) =>
        rewriteJsonBody(req, (b) =>
          typeof b.name === 'string' ? { ...b, name: b.name.replace(/[^\x20-\xff]/gu, '?') } : b,
        ),
      ),
  },
  {
    name: 'create-category-int32',
    description: 'Stores categoryId as a 32-bit integer: values beyond 32 bits come back wrapped.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => onIntegerCategory(app, (id) => BigInt.asIntN(32, id)),
  },
  {
    name: 'create-category-trailing-zeros',
    description:
      "Counts a categoryId's trailing zeros twice: 10 is stored as 100, 1000 as 1000000.",
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) =>
      onIntegerCategory(app, (id) =>
        id === 0n ? id : id * 10n ** BigInt(/0*$/.exec(String(id))?.[0].length ?? 0),
      ),
  },
  {
    name: 'create-fraction-shifted',
    description: "Shifts a fractional categoryId's point the wrong way: 1.5 is stored as 150.",
    caughtBy: ['CREATE-400-CATEGORY-FRACTION'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) =>
        rewriteJsonBody(req, (b) => {
          const m = /^(-?)(\d+)\.(\d+)$/.exec(String(b.categoryId));
          if (!m) return b;
          const [, sign, whole, fraction = ''] = m;
          const shifted = BigInt(`${whole}${fraction}`) * 10n ** BigInt(fraction.length);
          return { ...b, categoryId: sign ? -shifted : shifted };
        }),
      ),
  },
  {
    name: 'create-huge-exponent-hangs',
    description: 'Expands the exponent of a categoryId into its digits: 1e999999999 never answers.',
    caughtBy: ['CREATE-400-CATEGORY-INT64'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) =>
        /"categoryId"\s*:\s*-?\d+(\.\d+)?[eE][+]?\d{4,}/.test(req.body)
          ? { status: 400, hang: true }
          : undefined,
      ),
  },
  {
    name: 'create-category-double',
    description:
      'Stores categoryId as a double: 2^53+1 comes back as 9007199254740992, 2^63-1 as 9223372036854776000.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.status < 300 ? mapJson(res, (json) => mapPets(json, asDouble)) : res;
    },
  },
  {
    name: 'create-rejects-missing-status',
    description: 'Requires status, which is optional.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => rejectWhen(app, (b) => !('status' in b)),
  },
  {
    name: 'create-rejects-empty-name',
    description: 'Rejects the empty name.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => rejectWhen(app, (b) => b.name === ''),
  },
  {
    name: 'create-rejects-zero-category-without-status',
    description:
      'Takes a NewPet with neither a categoryId nor a status for an empty body (if (!categoryId && !status)): categoryId 0 without a status gets 400.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => rejectWhen(app, (b) => bigIntOf(b.categoryId) === 0n && !b.status),
  },
  {
    name: 'create-rejects-negative-category',
    description: 'Rejects negative categoryIds.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => rejectWhen(app, (b) => (bigIntOf(b.categoryId) ?? 0n) < 0n),
  },
  {
    name: 'create-5xx-long-name',
    description: 'Answers 500 to names longer than 1000 characters.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        return isObject(body) && typeof body.name === 'string' && body.name.length > 1000
          ? serverError()
          : undefined;
      }),
  },
];
