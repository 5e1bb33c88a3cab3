import { isLosslessNumber } from 'lossless-json';
import type { AppRequest, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import {
  bigIntOf,
  intercept,
  isObject,
  jsonText,
  LIST,
  mapJson,
  onRequest,
  parsedBody,
  serverError,
} from './wrap.ts';

type Json = Record<string, unknown>;

/** Creates a pet from a body the reference would reject, after `fix` makes it acceptable. */
function acceptIf(
  app: Handler,
  when: (body: unknown, req: AppRequest) => boolean,
  fix: (body: unknown) => unknown,
): Handler {
  return onRequest(app, 'POST', LIST, (req) => {
    const body = parsedBody(req);
    return when(body, req) ? { ...req, body: jsonText(fix(body)) } : req;
  });
}

/** A number beyond int64: exactly for integers, roughly (as a double) for other numbers. */
function beyondInt64(value: unknown): boolean {
  const exact = bigIntOf(value);
  if (exact !== undefined) return exact > 2n ** 63n - 1n || exact < -(2n ** 63n);
  return isLosslessNumber(value) && Math.abs(Number(value)) >= 2 ** 63;
}

const defaults = (b: unknown): Json => ({
  name: 'unnamed',
  categoryId: 0,
  ...(isObject(b) ? b : {}),
});

/** createPet accepting one kind of invalid body, or breaking on it. */
export const CREATE_INVALID_FAULTS: Fault[] = [
  {
    name: 'status-folded-nfkc',
    description:
      'Normalises a status with NFKC and drops format characters before it checks it: fullwidth ｓｏｌｄ and sold followed by a zero-width space are taken as sold (201).',
    caughtBy: ['CREATE-400-STATUS-NEAR'],
    wrap: (app) =>
      acceptIf(
        app,
        (body) => isObject(body) && typeof body.status === 'string',
        (body) => ({
          ...(body as Json),
          status: String((body as Json).status)
            .normalize('NFKC')
            .replace(/\p{Cf}/gu, ''),
        }),
      ),
  },
  {
    name: 'create-accepts-missing-name',
    description: 'Defaults a missing name to "unnamed".',
    caughtBy: ['CREATE-400-MISSING-NAME'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && !('name' in b),
        (b) => ({ ...(b as Json), name: 'unnamed' }),
      ),
  },
  {
    name: 'create-accepts-missing-category',
    description: 'Defaults a missing categoryId to 0.',
    caughtBy: ['CREATE-400-MISSING-CATEGORY'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && !('categoryId' in b),
        (b) => ({ ...(b as Json), categoryId: 0 }),
      ),
  },
  {
    name: 'create-coerces-name',
    description: 'Turns a number, boolean, array or object name into a string.',
    caughtBy: ['CREATE-400-NAME-TYPE'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && b.name !== null && 'name' in b && typeof b.name !== 'string',
        (b) => ({ ...(b as Json), name: jsonText((b as Json).name) }),
      ),
  },
  {
    name: 'create-parses-string-category',
    description: 'Parses a numeric string categoryId.',
    caughtBy: ['CREATE-400-CATEGORY-TYPE'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && typeof b.categoryId === 'string' && /^-?\d+$/.test(b.categoryId),
        (b) => ({ ...(b as Json), categoryId: BigInt((b as Json).categoryId as string) }),
      ),
  },
  {
    name: 'create-accepts-any-status',
    description: 'Stores any string as status.',
    caughtBy: ['CREATE-400-STATUS-ENUM'],
    wrap: (app) => async (req) => {
      const body = parsedBody(req);
      const unknownStatus =
        isObject(body) &&
        typeof body.status === 'string' &&
        !['available', 'pending', 'sold'].includes(body.status);
      if (req.method !== 'POST' || !unknownStatus) return app(req);
      const { status, ...rest } = body;
      const res = await app({ ...req, body: jsonText(rest) });
      return res.status === 201 ? mapJson(res, (pet) => ({ ...(pet as Json), status })) : res;
    },
  },
  {
    name: 'create-coerces-status',
    description: 'Turns a non-string status into "available".',
    caughtBy: ['CREATE-400-STATUS-TYPE'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && 'status' in b && b.status !== null && typeof b.status !== 'string',
        (b) => ({ ...(b as Json), status: 'available' }),
      ),
  },
  {
    name: 'create-null-name-as-empty',
    description: 'Treats name: null as the empty name.',
    caughtBy: ['CREATE-400-NAME-NULL'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && b.name === null,
        (b) => ({ ...(b as Json), name: '' }),
      ),
  },
  {
    name: 'create-null-category-as-zero',
    description: 'Treats categoryId: null as 0.',
    caughtBy: ['CREATE-400-CATEGORY-NULL'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && b.categoryId === null,
        (b) => ({ ...(b as Json), categoryId: 0 }),
      ),
  },
  {
    name: 'create-string-body-as-name',
    description: 'Takes a string body as the name of a new pet.',
    caughtBy: ['CREATE-400-BODY-STRING'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => typeof b === 'string',
        (b) => ({ name: b, categoryId: 0 }),
      ),
  },
  {
    name: 'create-number-body-as-category',
    description: 'Takes a number body as the categoryId of a new pet.',
    caughtBy: ['CREATE-400-BODY-NUMBER'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => typeof b === 'number',
        (b) => ({ name: 'unnamed', categoryId: Math.trunc(b as number) }),
      ),
  },
  {
    name: 'create-null-body-default',
    description: 'Creates a default pet from a null body.',
    caughtBy: ['CREATE-400-BODY-NULL'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => b === null,
        () => defaults(undefined),
      ),
  },
  {
    name: 'create-null-status-as-absent',
    description: 'Treats status: null as if status were absent.',
    caughtBy: ['CREATE-400-STATUS-NULL'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && b.status === null,
        (b) => {
          const { status: _s, ...rest } = b as Json;
          return rest;
        },
      ),
  },
  {
    name: 'create-rounds-fractions',
    description: 'Rounds a fractional categoryId.',
    caughtBy: ['CREATE-400-CATEGORY-FRACTION'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && typeof b.categoryId === 'number' && !Number.isInteger(b.categoryId),
        (b) => ({ ...(b as Json), categoryId: Math.round((b as Json).categoryId as number) }),
      ),
  },
  {
    name: 'create-clamps-int64',
    description: 'Clamps a categoryId beyond int64 to 0.',
    caughtBy: ['CREATE-400-CATEGORY-INT64'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => isObject(b) && beyondInt64(b.categoryId),
        (b) => ({ ...(b as Json), categoryId: 0 }),
      ),
  },
  {
    name: 'create-takes-first-of-array',
    description: 'Given an array body, creates its first element.',
    caughtBy: ['CREATE-400-BODY-ARRAY'],
    wrap: (app) =>
      acceptIf(
        app,
        (b) => Array.isArray(b) && b.length > 0,
        (b) => (b as unknown[])[0],
      ),
  },
  {
    name: 'create-empty-body-default',
    description: 'Creates a default pet from an empty body.',
    caughtBy: ['CREATE-400-EMPTY-BODY'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) =>
        req.body.trim() === '' ? { ...req, body: jsonText(defaults(undefined)) } : req,
      ),
  },
  {
    name: 'create-lenient-json',
    description: 'Creates a default pet when the body is malformed JSON.',
    caughtBy: ['CREATE-400-MALFORMED-JSON'],
    wrap: (app) =>
      onRequest(app, 'POST', LIST, (req) =>
        req.body.trim() !== '' && parsedBody(req) === undefined
          ? { ...req, body: jsonText(defaults(undefined)) }
          : req,
      ),
  },
  {
    name: 'create-5xx-malformed-json',
    description: 'Answers 500 to malformed JSON.',
    caughtBy: ['CREATE-400-MALFORMED-JSON'],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) =>
        req.body.trim() !== '' && parsedBody(req) === undefined ? serverError() : undefined,
      ),
  },
  {
    name: 'create-5xx-non-object',
    description: 'Answers 500 to a body that is an array, a string, a number or null.',
    caughtBy: [
      'CREATE-400-BODY-ARRAY',
      'CREATE-400-BODY-STRING',
      'CREATE-400-BODY-NUMBER',
      'CREATE-400-BODY-NULL',
    ],
    wrap: (app) =>
      intercept(app, 'POST', LIST, (req) => {
        const body = parsedBody(req);
        return req.body.trim() !== '' && body !== undefined && !isObject(body)
          ? serverError()
          : undefined;
      }),
  },
];
