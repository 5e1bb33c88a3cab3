import { stringify } from 'lossless-json';
import type { Fault } from './types.ts';
import { errorOf, isObject, LIST, mapJson, matches, onResponse, onStoredPets } from './wrap.ts';

/** `text` cut to at most `bytes` UTF-8 bytes, at a character's boundary. */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  for (const c of text) {
    if (Buffer.byteLength(out + c) > bytes) break;
    out += c;
  }
  return out;
}

/** Servers that keep small values and break large ones: limits nobody listed. */
export const MAGNITUDE_FAULTS: readonly Fault[] = [
  {
    name: 'names-cut-at-65535',
    description:
      'Stores a name in a 65535-character column: a longer name is cut, and createPet echoes the cut name with 201.',
    caughtBy: ['CREATE-MAGNITUDES'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res) =>
        res.status === 201
          ? mapJson(res, (pet) =>
              isObject(pet) && typeof pet.name === 'string'
                ? { ...pet, name: pet.name.slice(0, 65535) }
                : pet,
            )
          : res,
      ),
  },
  {
    name: 'long-echo-cut-mid-character',
    description:
      'Cuts a createPet answer longer than 100000 bytes at byte 100000, inside a character: the body is neither UTF-8 nor JSON.',
    caughtBy: ['CREATE-MAGNITUDES'],
    wrap: (app) =>
      onResponse(app, 'POST', LIST, (res) => {
        if (res.status !== 201 || res.json === undefined) return res;
        const bytes = Buffer.from(stringify(res.json) ?? '');
        if (bytes.length <= 100_000) return res;
        // The first byte of a multi-byte character at or after 100000, so the cut splits it.
        let at = 100_000;
        while (at < bytes.length && (bytes[at] as number) < 0xc0) at++;
        const { json: _json, ...rest } = res;
        return {
          ...rest,
          raw: bytes.subarray(0, at + 1),
          headers: { ...res.headers, 'content-type': 'application/json' },
        };
      }),
  },
  {
    name: 'whitespace-run-limit',
    description:
      'Refuses with 400 a JSON body holding more than 4096 whitespace characters in a row.',
    caughtBy: ['CREATE-MAGNITUDES'],
    wrap: (app) => (req) =>
      matches(req, 'POST', LIST) && /\s{4097}/.test(req.body)
        ? errorOf(400, 'invalid_request', 'The request body is not valid JSON.')
        : app(req),
  },
  {
    name: 'names-stored-in-255-bytes',
    description:
      'Checks a name against 255 characters but stores it in 255 UTF-8 bytes: a name of at most 255 characters and more bytes (100 CJK characters) is read back cut; createPet echoes it whole.',
    caughtBy: ['CREATE-MAGNITUDES'],
    wrap: (app) =>
      onStoredPets(app, (pet) =>
        typeof pet.name === 'string' && [...pet.name].length <= 255
          ? { ...pet, name: cutToBytes(pet.name, 255) }
          : pet,
      ),
  },
  {
    name: 'long-names-lose-status',
    description:
      'Keeps pets whose name is 256 characters or longer in a table without a status: createPet echoes the status sent, getPet and listPets show none.',
    caughtBy: ['CREATE-MAGNITUDES'],
    wrap: (app) =>
      onStoredPets(app, ({ status: _status, ...pet }) =>
        typeof pet.name === 'string' && pet.name.length >= 256 ? pet : { ...pet, status: _status },
      ),
  },
];
