import { stringify } from 'lossless-json';
import type { Fault } from './types.ts';
import { errorOf, isObject, LIST, mapJson, matches, onResponse } from './wrap.ts';

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
];
