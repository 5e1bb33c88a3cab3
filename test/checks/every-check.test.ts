import { describe, expect, it } from 'vitest';
import { MUTATIONS } from '../../src/arbitraries/invalid-new-pet.ts';
import { CATALOG, CHECKS } from '../../src/checks/catalog.ts';
import { finding } from '../../src/checks/finding.ts';
import type { Outcome } from '../../src/checks/types.ts';
import { PET_STATUSES } from '../../src/contract/contract.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const pet = (id = 7, status = 'sold') => ({ id, name: 'Rex', categoryId: 3, status });
const pets = (n: number) => Array.from({ length: n }, (_, i) => pet(i + 1));
const ok = (json: unknown, status = 200) => exchange({ status, json });
const err = (status: number) => exchange({ status, json: errorBody(status) });
const sent = { name: 'Rex', categoryId: 3, status: 'sold' };
const withHeaders = (headers: Record<string, string>) =>
  exchange({ status: 200, json: pet(), headers });

/** A name of format characters sent, the name createPet echoed, and the name a page listed. */
const named = (name: string, echoed: string, listed?: string) => ({
  kind: 'Cf',
  label: 'format characters',
  name,
  created: ok({ id: 7, name: echoed, categoryId: 1 }, 201),
  ...(listed === undefined ? {} : { fetched: ok({ id: 7, name: echoed, categoryId: 1 }) }),
  pages: listed === undefined ? [] : [ok([{ id: 7, name: listed, categoryId: 1 }])],
});

/** For each check: observations that must pass, and ones that must fail (or warn), with why. */
type Case = { observation: unknown; verdict: Outcome; because?: string };
/** A request of another method, the key it carried, and an answer with `json` (none: empty). */
const methodProbe = (
  label: string,
  key: string,
  method: string,
  status: number,
  json?: unknown,
) => ({
  label,
  key,
  ex:
    json === undefined
      ? exchange({ status, body: '' }, method)
      : exchange({ status, json }, method),
});

const cases: Record<string, Case[]> = {
  'LIST-200-PETS': [
    { observation: ok([pet()]), verdict: 'pass' },
    { observation: ok({ data: [pet()] }), verdict: 'fail', because: 'envelope' },
  ],
  'LIST-LIMIT-MIN': [
    { observation: { limit: 1, ex: ok(pets(1)) }, verdict: 'pass' },
    {
      observation: { limit: 1, ex: ok(pets(2)) },
      verdict: 'fail',
      because: '2 items, more than the 1 allowed',
    },
    { observation: { limit: 1, ex: err(400) }, verdict: 'fail', because: 'expected 200, got 400' },
  ],
  'LIST-LIMIT-MAX': [
    { observation: { limit: 100, ex: ok(pets(100)) }, verdict: 'pass' },
    { observation: { limit: 100, ex: ok(pets(101)) }, verdict: 'fail', because: '101 items' },
  ],
  'LIST-LIMIT-RANGE': [
    { observation: { limit: 5, ex: ok(pets(3)) }, verdict: 'pass' },
    { observation: { limit: 5, ex: ok(pets(6)) }, verdict: 'fail', because: '6 items' },
  ],
  'LIST-LIMIT-DEFAULT': [
    { observation: { known: 50, ex: ok(pets(20)) }, verdict: 'pass' },
    {
      observation: { known: 50, ex: ok(pets(21)) },
      verdict: 'fail',
      because: '21 items, more than the 20 allowed',
    },
    {
      observation: { known: 20, ex: ok(pets(21)) },
      verdict: 'skip',
      because: 'needs more than 20 pets',
    },
  ],
  ...Object.fromEntries(
    PET_STATUSES.map((status) => [
      `LIST-STATUS-${status.toUpperCase()}`,
      [
        { observation: { status, ex: ok([pet(1, status)]) }, verdict: 'pass' },
        {
          observation: { status, ex: ok([]) },
          verdict: 'skip',
          because: 'nothing to judge the filter by',
        },
        {
          observation: {
            status,
            ex: ok([pet(1, status), pet(2, status === 'sold' ? 'pending' : 'sold')]),
          },
          verdict: 'fail',
          because: `1 of 2 pets are not ${status}`,
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['LIST-LIMIT-INVALID', 'LIST-STATUS-INVALID'].map((id) => [
      id,
      [
        { observation: { query: 'q', ex: err(400) }, verdict: 'pass' },
        { observation: { query: 'q', ex: ok([]) }, verdict: 'warn', because: 'accepted with 200' },
        { observation: { query: 'q', ex: err(500) }, verdict: 'fail', because: 'server error 500' },
        {
          observation: {
            query: 'q',
            ex: exchange({ status: 400, body: 'bad', contentType: 'text/plain' }),
          },
          verdict: 'fail',
          because: 'Content-Type',
        },
        { observation: { query: 'q', ex: ok(pets(101)) }, verdict: 'fail', because: '101 items' },
        { observation: { query: 'q', ex: err(422) }, verdict: 'warn', because: '422 Error' },
        {
          observation: { query: 'q', ex: exchange({ status: 422, json: { detail: 'x' } }) },
          verdict: 'fail',
          because: 'not a valid Error',
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['CREATE-201-PET', 'CREATE-201-PROPERTY'].map((id) => [
      id,
      [
        { observation: { sent, ex: ok(pet(), 201) }, verdict: 'pass' },
        {
          observation: { sent, ex: ok({ ...pet(), categoryId: 4 }, 201) },
          verdict: 'fail',
          because: 'categoryId: expected 3, got 4',
        },
        {
          observation: { sent, ex: ok({ ...pet(), id: '7' }, 201) },
          verdict: 'fail',
          because: '/id must be integer',
        },
        {
          observation: {
            sent,
            ex: exchange({
              status: 201,
              body: '{"id":9223372036854775808,"name":"Rex","categoryId":3,"status":"sold"}',
            }),
          },
          verdict: 'fail',
          because: '/id 9223372036854775808 is not an int64',
        },
        {
          observation: {
            sent: { ...sent, categoryId: 0n },
            ex: exchange({
              status: 201,
              body: '{"id":-9223372036854775808,"name":"Rex","categoryId":-0,"status":"sold"}',
            }),
          },
          verdict: 'pass',
        },
        {
          observation: { sent, ex: err(413) },
          verdict: 'unjudged',
          because: 'a body size limit, which the contract leaves open',
        },
        { observation: { sent, ex: err(429) }, verdict: 'unjudged', because: 'a rate limit' },
        {
          observation: {
            sent,
            ex: exchange({ status: 413, body: 'too big', contentType: 'text/plain' }),
          },
          verdict: 'fail',
          because: 'expected 201, got 413',
        },
      ],
    ]),
  ),
  'CREATE-ID-UNIQUE': [
    { observation: [ok(pet(1), 201), ok(pet(2), 201)], verdict: 'pass' },
    {
      observation: [ok(pet(1), 201), ok(pet(1), 201)],
      verdict: 'fail',
      because: 'id 1 was assigned twice',
    },
    {
      observation: [
        exchange({ status: 201, body: '{"id":9007199254740993,"name":"a","categoryId":1}' }),
        exchange({ status: 201, body: '{"id":9007199254740992,"name":"a","categoryId":1}' }),
      ],
      verdict: 'pass',
    },
    {
      observation: [
        exchange({ status: 201, body: '{"id":0,"name":"a","categoryId":1}' }),
        exchange({ status: 201, body: '{"id":-0,"name":"a","categoryId":1}' }),
      ],
      verdict: 'fail',
      because: 'id 0 was assigned twice',
    },
  ],
  ...Object.fromEntries(
    MUTATIONS.map((m) => [
      `CREATE-400-${m.id}`,
      [
        { observation: { body: '{}', ex: err(400) }, verdict: 'pass' },
        {
          observation: { body: '{}', ex: ok(pet(), 201) },
          verdict: 'fail',
          because: 'expected 400, got 201',
        },
      ],
    ]),
  ),
  'CREATE-EXTRA-FIELDS': [
    { observation: { sent: { ...sent, nick: 'x' }, ex: ok(pet(), 201) }, verdict: 'pass' },
    {
      observation: { sent: { ...sent, nick: 'x' }, ex: err(400) },
      verdict: 'warn',
      because: 'rejected unknown fields',
    },
    {
      observation: { sent: { ...sent, nick: 'x' }, ex: err(500) },
      verdict: 'fail',
      because: 'server error 500',
    },
    {
      observation: { sent: { ...sent, ...JSON.parse('{"__proto__":{"a":1}}') }, ex: err(400) },
      verdict: 'pass',
      because: 'may pollute a prototype',
    },
  ],
  'CREATE-MAGNITUDES': [
    { observation: [{ what: 'a name of 1', sent, ex: ok(pet(), 201) }], verdict: 'pass' },
    {
      observation: [
        { what: 'a name of 1', sent, ex: ok(pet(), 201) },
        {
          what: 'a name of 300',
          sent: { ...sent, name: 'x'.repeat(300) },
          ex: ok({ ...pet(), name: 'x'.repeat(255) }, 201),
        },
      ],
      verdict: 'fail',
      because:
        'a name of 300: fields not echoed: name: expected 300 characters, got 255, the first difference at character 255',
    },
    {
      observation: [
        { what: 'a name of 1', sent, ex: ok(pet(), 201) },
        { what: 'a name of 10', sent, ex: err(413) },
      ],
      verdict: 'pass',
      because: '1 refused with 413',
    },
    { observation: [{ what: 'a name of 1', sent, ex: err(413) }], verdict: 'unjudged' },
  ],
  'CREATE-CLIENT-ID': (() => {
    const first = { sent, ex: ok(pet(7), 201) };
    const taking = { id: 7n, name: 'Max', categoryId: 3, status: 'sold' };
    const max = (id: number) => ({ ...pet(id), name: 'Max' });
    const seen = (ex: ReturnType<typeof ok>, reread?: ReturnType<typeof ok>) => ({
      first,
      form: 'as a number',
      sent: taking,
      ex,
      ...(reread ? { reread } : {}),
    });
    return [
      { observation: seen(ok(max(8), 201), ok(pet(7))), verdict: 'pass' },
      { observation: seen(ok(max(8), 201)), verdict: 'pass', because: 'a new id, not 7' },
      {
        observation: seen(ok(max(7), 201), ok(pet(7))),
        verdict: 'fail',
        because: 'the new pet got the id 7 its NewPet carried, which pet 7 already has',
      },
      {
        observation: seen(ok(max(8), 201), ok(max(7))),
        verdict: 'fail',
        because: 'pet 7 now reads as the pet created with "id": 7 in its NewPet',
      },
      {
        observation: seen(ok(max(8), 201), err(404)),
        verdict: 'warn',
        because: 'pet 7 was not found after it (another client may have deleted it)',
      },
      {
        // Gone again on three other pets at once, the control pet kept: the create's doing.
        observation: {
          ...seen(ok(max(8), 201), err(404)),
          again: [1, 2, 3].map(() => seen(ok(max(9), 201), err(404))),
          control: ok(pet(11)),
        },
        verdict: 'fail',
        because:
          'pet 7 was gone after a NewPet carrying its id was created, and so were pets 7, 7, 7',
      },
      {
        // The control pet gone too: a store that loses pets by itself (a retention job).
        observation: {
          ...seen(ok(max(8), 201), err(404)),
          again: [1, 2, 3].map(() => seen(ok(max(9), 201), err(404))),
          control: err(404),
        },
        verdict: 'warn',
        because: 'another client may have deleted it',
      },
      {
        // One of the three still there: another client's deletes, not the create's.
        observation: {
          ...seen(ok(max(8), 201), err(404)),
          again: [
            seen(ok(max(9), 201), err(404)),
            seen(ok(max(9), 201), ok(pet(7))),
            seen(ok(max(9), 201), err(404)),
          ],
        },
        verdict: 'warn',
        because: 'another client may have deleted it',
      },
      {
        // Another client changed the first pet: only the new pet in its place is the service's.
        observation: seen(ok(max(8), 201), ok({ ...pet(7), name: 'Other' })),
        verdict: 'pass',
      },
      { observation: seen(err(422)), verdict: 'warn', because: 'refused with 422' },
      {
        observation: seen(exchange({ status: 400, body: 'no' })),
        verdict: 'fail',
        because: 'a NewPet carrying the id of pet 7 as a number',
      },
      {
        observation: { ...seen(ok(max(8), 201)), first: { sent, ex: err(500) } },
        verdict: 'fail',
        because: 'the pet whose id is sent',
      },
    ];
  })(),
  'AUTH-HEAD': (() => {
    const head = (key: string, status: number) => ({
      label: `HEAD /pets, ${key}`,
      key,
      ex: exchange({ status, body: '' }, 'HEAD'),
    });
    return [
      { observation: [head('none', 401), head('wrong', 401), head('valid', 200)], verdict: 'pass' },
      {
        observation: [head('none', 200)],
        verdict: 'fail',
        because: 'HEAD /pets, none: answered 200: served without the right key',
      },
      { observation: [head('wrong', 302)], verdict: 'fail', because: 'served without' },
      { observation: [head('none', 404), head('valid', 405)], verdict: 'warn', because: 'not 401' },
      { observation: [head('valid', 501)], verdict: 'warn', because: 'MUST support HEAD' },
      { observation: [head('none', 500)], verdict: 'fail', because: 'HEAD /pets, none' },
    ];
  })(),
  'AUTH-OPTIONS': (() => {
    const options = (status: number, json?: unknown) =>
      methodProbe('OPTIONS /pets, no key', 'none', 'OPTIONS', status, json);
    return [
      {
        observation: [options(204), options(401, errorBody(401)), options(405, errorBody(405))],
        verdict: 'pass',
      },
      { observation: [options(200, [pet()])], verdict: 'fail', because: 'the answer holds pets' },
      { observation: [options(200, pet())], verdict: 'fail', because: 'served without the key' },
      { observation: [options(200, [])], verdict: 'pass' },
      { observation: [options(503, errorBody(503))], verdict: 'fail' },
    ];
  })(),
  ...(() => {
    const probe = (status: number, json?: unknown, method = 'GET') => ({
      label: `${method} /v1/pets/ (a trailing slash), no key`,
      ex:
        json === undefined
          ? exchange({ status, body: '' }, method)
          : exchange({ status, json }, method),
    });
    const spelled: Case[] = [
      {
        observation: [
          probe(404, errorBody(404)),
          probe(401, errorBody(401)),
          probe(301),
          probe(400, { error: 'bad path' }),
        ],
        verdict: 'pass',
      },
      { observation: [probe(200, [pet()])], verdict: 'fail', because: 'the answer holds pets' },
      { observation: [probe(200, pet())], verdict: 'fail', because: 'served without the key' },
      { observation: [probe(200, { status: 'up' })], verdict: 'warn', because: 'no pet shown' },
      { observation: [probe(503, errorBody(503))], verdict: 'fail', because: 'server error' },
    ];
    const post = (status: number, after?: ReturnType<typeof ok>, json?: unknown) => ({
      ...probe(status, json, 'POST'),
      name: 'Rex',
      ...(after ? { after } : {}),
    });
    return {
      'AUTH-PATH-SPELLINGS': spelled,
      'AUTH-PATH-SPELLINGS-CREATE': [
        { observation: [post(401, undefined, errorBody(401)), post(404)], verdict: 'pass' },
        {
          observation: [post(201, ok(pet()), { id: 7 })],
          verdict: 'fail',
          because: 'getPet with the key finds the pet it made',
        },
        { observation: [post(201, undefined, pet())], verdict: 'fail', because: 'holds pets' },
        { observation: [post(201, err(404), { id: 7 })], verdict: 'warn', because: 'no pet' },
      ],
    };
  })(),
  'AUTH-OTHER-METHODS': (() => {
    const write = (
      status: number,
      after?: ReturnType<typeof ok>,
      asked?: string,
      method = 'DELETE',
    ) => ({
      label: `${method} /pets/7, no key`,
      key: 'none',
      ex: exchange({ status, body: '' }, method),
      name: 'Rex',
      ...(asked ? { asked } : {}),
      ...(after ? { after } : {}),
    });
    return [
      { observation: [write(401, ok(pet())), write(405, ok(pet())), write(501)], verdict: 'pass' },
      {
        observation: [write(204, err(404))],
        verdict: 'fail',
        because: 'answered 204 and the pet is gone: a write done without the right key',
      },
      {
        observation: [write(200, ok({ ...pet(), name: 'Rex-renamed' }), 'Rex-renamed')],
        verdict: 'fail',
        because: 'the pet took the name sent',
      },
      { observation: [write(204, ok(pet()))], verdict: 'warn', because: 'the pet did not change' },
      { observation: [write(500, ok(pet()))], verdict: 'fail' },
      {
        // Every refused DELETE's pet gone while a PUT's pet is kept: the DELETEs were done.
        observation: [
          write(401, err(404)),
          write(401, err(404)),
          write(401, ok(pet()), undefined, 'PUT'),
        ],
        verdict: 'fail',
        because: 'answered 401 and the pet is gone',
      },
      {
        // The PUT's pet gone too: a store that loses pets by itself (a retention job).
        observation: [
          write(401, err(404)),
          write(401, err(404)),
          write(401, err(404), undefined, 'PUT'),
        ],
        verdict: 'pass',
      },
    ];
  })(),
  'AUTH-METHOD-OVERRIDE': (() => {
    const probe = (status: number, json?: unknown, method = 'OPTIONS') =>
      methodProbe(
        `${method} /pets with X-HTTP-Method-Override GET, no key`,
        'none',
        method,
        status,
        json,
      );
    return [
      { observation: [probe(204), probe(401, errorBody(401), 'POST')], verdict: 'pass' },
      { observation: [probe(200, [pet()])], verdict: 'fail', because: 'the method override' },
      { observation: [probe(201, pet(), 'POST')], verdict: 'fail', because: 'holds pets' },
      { observation: [probe(500, errorBody(500))], verdict: 'fail' },
    ];
  })(),
  'AUTH-EXTENSION-METHODS': (() => {
    const probe = (status: number, json?: unknown, method = 'QUERY') =>
      methodProbe(`${method} /pets, no key`, 'none', method, status, json);
    return [
      {
        observation: [probe(400), probe(401, errorBody(401)), probe(405, undefined, 'SEARCH')],
        verdict: 'pass',
        because: 'none served',
      },
      { observation: [probe(501), probe(500)], verdict: 'pass' },
      { observation: [probe(200, [pet()])], verdict: 'fail', because: 'QUERY /pets, no key' },
      { observation: [probe(207, undefined, 'PROPFIND')], verdict: 'fail', because: '207' },
      { observation: [probe(404, pet())], verdict: 'fail', because: 'served without' },
    ];
  })(),
  'ERROR-BODY-OTHER-METHODS': (() => {
    const probe = (status: number, json?: unknown, method = 'DELETE') =>
      methodProbe(`${method} /pets/7, the key`, 'valid', method, status, json);
    return [
      {
        observation: [probe(204), probe(405, errorBody(405), 'PUT'), probe(200, pet(), 'PATCH')],
        verdict: 'pass',
      },
      { observation: [probe(405)], verdict: 'fail', because: 'DELETE /pets/7, the key' },
      { observation: [probe(501)], verdict: 'fail' },
      { observation: [probe(404, { message: 'gone' })], verdict: 'fail' },
      { observation: [probe(502, errorBody(502))], verdict: 'fail' },
    ];
  })(),
  'ERROR-BODY-OTHER-PATHS': (() => {
    const probe = (status: number, json?: unknown, path = '/animals') =>
      methodProbe(`GET ${path}, the key`, 'valid', 'GET', status, json);
    return [
      {
        observation: [probe(404, errorBody(404)), probe(200, [], '/store/orders'), probe(301)],
        verdict: 'pass',
      },
      { observation: [probe(404)], verdict: 'fail', because: 'GET /animals, the key' },
      { observation: [probe(404, { message: 'Cannot GET /v1/animals' })], verdict: 'fail' },
      { observation: [probe(400, errorBody(404))], verdict: 'fail' },
    ];
  })(),
  'AUTH-SESSION-COOKIE': (() => {
    const keyed = exchange({
      status: 200,
      json: [pet()],
      headers: { 'set-cookie': 'sid=abc; Path=/; Expires=Wed, 01 Dec 2100 00:00:00 GMT' },
    });
    const replay = (status: number, json: unknown) => ({
      label: 'listPets with the session’s cookies, no key',
      ex: exchange({ status, json }),
    });
    return [
      {
        observation: { keyed: [exchange({ status: 200, json: [] })], replays: [] },
        verdict: 'pass',
      },
      {
        observation: { keyed: [keyed], cookie: 'sid=abc', replays: [replay(401, errorBody(401))] },
        verdict: 'pass',
      },
      {
        observation: { keyed: [keyed], cookie: 'sid=abc', replays: [replay(200, [pet()])] },
        verdict: 'fail',
        because: 'served without the key',
      },
    ];
  })(),
  'GET-200-PET': [
    { observation: { created: pet(), ex: ok(pet()) }, verdict: 'pass' },
    { observation: { created: pet(), ex: ok(pet(7, 'pending')) }, verdict: 'pass' },
    {
      observation: { created: pet(), ex: ok(pet(8)) },
      verdict: 'fail',
      because: 'id: expected 7, got 8',
    },
    {
      observation: {
        created: pet(),
        ex: err(404),
        again: [
          { created: pet(9), ex: err(404) },
          { created: pet(10), ex: err(404) },
        ],
      },
      verdict: 'fail',
      because:
        'expected 200, got 404; 2 more pet(s) created with the same fields, each read at once',
    },
    {
      observation: { created: pet(), ex: err(404), again: [{ created: pet(9), ex: ok(pet(9)) }] },
      verdict: 'warn',
      because: 'another client may have changed or deleted the first',
    },
    {
      // Another client struck the first two: the third read back as created.
      observation: {
        created: pet(),
        ex: err(404),
        again: [
          { created: pet(9), ex: ok(pet(8)) },
          { created: pet(10), ex: ok(pet(10)) },
        ],
      },
      verdict: 'warn',
      because: 'another pet created with the same fields read back as created',
    },
  ],
  'READ-REPEATED': [
    {
      observation: {
        id: '7',
        gets: [ok(pet()), ok(pet()), ok(pet())],
        query: { limit: 2 },
        lists: [ok(pets(2)), ok(pets(1))],
      },
      verdict: 'pass',
    },
    {
      observation: {
        id: '7',
        gets: [ok(pet()), err(404), ok(pet())],
        query: { limit: 2 },
        lists: [],
      },
      verdict: 'fail',
      because: 'getPet answered 200, then 404, then 200 again',
    },
    {
      observation: {
        id: '7',
        gets: [ok(pet()), exchange({ status: 304, body: '', contentType: null })],
        query: { limit: 2 },
        lists: [],
      },
      verdict: 'fail',
      because: 'read 2 of 2: expected 200, got 304',
    },
    {
      observation: { id: '7', gets: [err(404), err(404)], query: { limit: 2 }, lists: [] },
      verdict: 'warn',
      because: 'another client may have deleted it',
    },
  ],
  'READ-BEFORE-AFTER': [
    {
      observation: {
        rounds: [[{ id: '7', before: err(404), after: ok(pet()), given: true }]],
      },
      verdict: 'pass',
    },
    {
      observation: {
        rounds: [
          [{ id: '7', before: err(404), after: err(404), given: true }],
          [{ id: '8', before: err(404), after: err(404), given: true }],
        ],
      },
      verdict: 'fail',
      because: 'pet 7: 404 before any pet had the id, then 404',
    },
    {
      observation: {
        rounds: [
          [{ id: '7', before: err(404), after: err(404), given: true }],
          [{ id: '8', before: err(404), after: ok(pet(8)), given: true }],
        ],
      },
      verdict: 'warn',
      because: 'another client may have deleted the pet',
    },
    {
      observation: { rounds: [[{ id: '7', before: ok(pet()), after: ok(pet()), given: true }]] },
      verdict: 'skip',
    },
  ],
  'RUN-AT-ONCE': [
    {
      observation: {
        lists: [ok(pets(2)), ok(pets(2))],
        creates: [
          { sent, ex: ok(pet(7), 201) },
          { sent, ex: ok(pet(8), 201) },
        ],
        reads: [
          { id: '7', ex: ok(pet(7)) },
          { id: '8', ex: ok(pet(8)) },
        ],
      },
      verdict: 'pass',
    },
    {
      observation: { lists: [ok(pets(2)), err(500)], creates: [], reads: [] },
      verdict: 'fail',
      because: 'listPets 2 of 2 at once',
    },
    {
      observation: {
        lists: [],
        creates: [
          { sent, ex: ok(pet(7), 201) },
          { sent, ex: ok(pet(7), 201) },
        ],
        reads: [],
      },
      verdict: 'fail',
      because: 'two of 2 createPets sent at once got the same id 7',
    },
    {
      observation: {
        lists: [],
        creates: [1, 2, 3].map((id) => ({ sent, ex: ok(pet(id), 201) })),
        reads: [1, 2, 3].map((id) => ({ id: String(id), ex: id === 1 ? ok(pet(1)) : err(404) })),
      },
      verdict: 'fail',
      because: '2 of the 3 pets created at once are not found',
    },
    {
      observation: {
        lists: [],
        creates: [1, 2, 3].map((id) => ({ sent, ex: ok(pet(id), 201) })),
        reads: [1, 2, 3].map((id) => ({ id: String(id), ex: id === 3 ? err(404) : ok(pet(id)) })),
      },
      verdict: 'warn',
      because: 'another client may have deleted them',
    },
  ],
  'CREATE-SAME-TWICE': [
    {
      observation: {
        sent,
        pairs: [
          {
            how: 'at once',
            creates: [ok(pet(7), 201), ok(pet(8), 201)],
            reads: [ok(pet(7)), ok(pet(8))],
          },
        ],
      },
      verdict: 'pass',
    },
    {
      observation: {
        sent,
        pairs: [{ how: 'at once', creates: [ok(pet(7), 201), ok(pet(7), 201)], reads: [] }],
      },
      verdict: 'fail',
      because: 'the same NewPet sent at once got id 7 again',
    },
    {
      observation: {
        sent,
        pairs: [
          {
            how: 'in turn',
            creates: [ok(pet(7), 201), ok(pet(8), 201)],
            reads: [ok(pet(7)), err(404)],
          },
          {
            how: 'at once',
            creates: [ok(pet(9), 201), ok(pet(10), 201)],
            reads: [ok(pet(9)), err(404)],
          },
        ],
      },
      verdict: 'fail',
      because: 'is not found by its id (in every pair)',
    },
  ],
  'GET-200-LISTED': [
    { observation: { id: '7', ex: ok(pet(7)) }, verdict: 'pass' },
    {
      observation: { id: '7', ex: err(404), stillListed: true },
      verdict: 'fail',
      because: 'expected 200, got 404',
    },
    { observation: { id: '7', ex: err(404), stillListed: false }, verdict: 'skip' },
    {
      observation: { id: '8', ex: ok(pet(7)) },
      verdict: 'fail',
      because: 'asked for listed pet 8, got pet 7',
    },
  ],
  'GET-404-UNKNOWN': [
    { observation: { id: '9', ex: err(404) }, verdict: 'pass' },
    { observation: { id: '9', ex: ok(pet()) }, verdict: 'fail', because: 'expected 404, got 200' },
    {
      observation: { id: '7', ex: ok(pet(7)), assigned: ['7'] },
      verdict: 'unjudged',
      because: 'a pet for every id tried (7)',
    },
    {
      observation: { id: '-9', ex: err(404), assigned: ['9'] },
      verdict: 'pass',
      because: 'ids 9 exist: picked another',
    },
  ],
  'GET-ID-ANY': [
    { observation: { id: '7', ex: ok(pet(7)) }, verdict: 'pass' },
    { observation: { id: '-1', ex: err(404) }, verdict: 'pass' },
    {
      observation: { id: '8', ex: ok(pet(7)) },
      verdict: 'fail',
      because: 'asked for id 8, got pet 7',
    },
    {
      observation: { id: '0', ex: err(400) },
      verdict: 'fail',
      because: 'id 0: 400 Error for a valid int64 id: getPet lists 400 for no input',
    },
    {
      observation: { id: '-9223372036854775808', ex: err(422) },
      verdict: 'fail',
      because: '422 Error for a valid int64 id',
    },
    { observation: { id: '0', ex: err(429) }, verdict: 'unjudged' },
    {
      observation: {
        id: '9007199254740993',
        ex: exchange({ status: 200, body: '{"id":9007199254740992,"name":"a","categoryId":1}' }),
      },
      verdict: 'fail',
      because: 'asked for id 9007199254740993, got pet 9007199254740992',
    },
    {
      observation: {
        id: '0',
        ex: exchange({ status: 200, body: '{"id":-0,"name":"a","categoryId":1.0E0}' }),
      },
      verdict: 'pass',
    },
    {
      observation: { id: '0', ex: exchange({ error: 'no answer within 5 ms' }) },
      verdict: 'fail',
      because: 'no answer within 5 ms',
    },
  ],
  'GET-ID-NOT-INT64': [
    { observation: { id: 'abc', ex: err(400) }, verdict: 'pass' },
    { observation: { id: 'abc', ex: err(404) }, verdict: 'pass' },
    { observation: { id: 'abc', ex: err(503) }, verdict: 'fail', because: 'server error 503' },
    { observation: { id: 'abc', ex: err(422) }, verdict: 'warn', because: '422 Error' },
    {
      observation: { id: '1e3', ex: ok(pet(1000)) },
      verdict: 'warn',
      because: 'accepted with 200',
    },
    {
      observation: {
        id: 'abc',
        ex: exchange({ status: 422, body: 'no', contentType: 'text/plain' }),
      },
      verdict: 'fail',
      because: 'Content-Type',
    },
  ],
  'ERR-BODY-STATUS': [
    { observation: [{ expected: [401], label: 'l', ex: err(401) }], verdict: 'pass' },
    {
      observation: [
        { expected: [401], label: 'l', ex: exchange({ status: 401, json: errorBody(400) }) },
      ],
      verdict: 'fail',
      because: 'Error.status is 400, HTTP status is 401',
    },
    {
      observation: [
        { expected: [401], label: 'l', ex: exchange({ status: 401, json: errorBody(0) }) },
      ],
      verdict: 'fail',
      because: 'l: body is not a valid Error: /status must be >= 100 (it is 0)',
    },
    {
      // An intermediary's page, not the service's Error: quoted as it came, with its status.
      observation: [
        {
          expected: [401],
          label: 'listPets without key',
          ex: exchange({
            status: 401,
            body: '<html>Unauthorized</html>',
            contentType: 'text/html',
          }),
        },
      ],
      verdict: 'fail',
      because:
        'listPets without key: Content-Type is \'text/html\', expected application/json; answered 401 with "<html>Unauthorized</html>"',
    },
    {
      observation: [
        { expected: [401], label: 'l', ex: exchange({ status: 401, json: { error: 'denied' } }) },
      ],
      verdict: 'fail',
      // The fields that explain an error body are kept whole, not cut at its first characters.
      because: 'answered 401 with {"error":"denied"}',
    },
    {
      observation: [
        {
          expected: [401],
          label: 'l',
          ex: exchange({ status: 403, body: 'Forbidden', contentType: 'text/plain' }),
        },
      ],
      verdict: 'fail',
      because: 'l: expected 401, got 403 with "Forbidden"',
    },
  ],
  'JSON-CONTENT-TYPE': [
    { observation: [{ label: 'l', ex: ok([]) }], verdict: 'pass' },
    {
      observation: [
        { label: 'l', ex: exchange({ status: 200, body: '[]', contentType: 'text/html' }) },
      ],
      verdict: 'fail',
      because: "Content-Type is 'text/html'",
    },
    {
      observation: [{ label: 'listPets without key', expected: [401], ex: ok([]) }],
      verdict: 'fail',
      because: 'listPets without key: sent to provoke 401, answered 200',
    },
    {
      // Labelled by what was sent, with the status that actually answered.
      observation: [
        {
          label: 'getPet of an unknown id',
          ex: exchange({ status: 502, body: '<h1>Bad gateway</h1>', contentType: 'text/html' }),
        },
      ],
      verdict: 'fail',
      because:
        'getPet of an unknown id: Content-Type is \'text/html\', expected application/json; answered 502 with "<h1>Bad gateway</h1>"',
    },
  ],
  'LIST-LIMIT-STATUS': [
    { observation: { limit: 2, status: 'sold', ex: ok(pets(2)) }, verdict: 'pass' },
    { observation: { limit: 2, status: 'sold', ex: ok([]) }, verdict: 'pass' },
    {
      observation: {
        limit: 2,
        status: 'sold',
        ex: ok([]),
        known: 5,
        recheck: { pet: '7', status: 'sold', before: ok(pet(7)), again: ok([]), after: ok(pet(7)) },
      },
      verdict: 'fail',
      because: 'limit=2&status=sold: an empty page, while 5 sold pets exist',
    },
    {
      observation: { limit: 2, status: 'sold', ex: ok([]), known: 5 },
      verdict: 'warn',
    },
    {
      observation: { limit: 2, status: 'sold', ex: ok(pets(3)) },
      verdict: 'fail',
      because: 'limit=2&status=sold: 3 items, more than the 2 allowed',
    },
    {
      observation: { limit: 2, status: 'pending', ex: ok(pets(2)) },
      verdict: 'fail',
      because: 'pet 1 has status "sold"',
    },
  ],
  'RUN-ID-UNIQUE': [
    { observation: { creations: 120, distinct: 120, reused: [] }, verdict: 'pass' },
    { observation: { creations: 0, distinct: 0, reused: [] }, verdict: 'skip' },
    {
      observation: {
        creations: 120,
        distinct: 119,
        reused: [{ id: '1', first: ok(pet(1)), again: ok(pet(1)) }],
      },
      verdict: 'fail',
      because: 'id 1 was assigned twice in this run (120 creations in all)',
    },
  ],
  'RUN-READ-AFTER-WRITE': [
    { observation: { read: 5, unread: 0, problems: [] }, verdict: 'pass' },
    { observation: { read: 0, unread: 2, problems: [] }, verdict: 'skip' },
    {
      observation: {
        read: 5,
        unread: 0,
        problems: [{ by: 'CREATE-X', created: pet(), createdEx: ok(pet(), 201), ex: err(500) }],
      },
      verdict: 'fail',
      because: 'a pet CREATE-X created, read at once: expected 200, got 500',
    },
    {
      // Another client could have deleted it, and the create was not sent again: not blamed.
      observation: {
        read: 5,
        unread: 0,
        problems: [{ by: 'CREATE-X', created: pet(), createdEx: ok(pet(), 201), ex: err(404) }],
      },
      verdict: 'warn',
      because: 'not tried again',
    },
    {
      observation: {
        read: 5,
        unread: 0,
        problems: [
          {
            by: 'CREATE-X',
            created: pet(),
            createdEx: ok(pet(), 201),
            ex: ok({ ...pet(), categoryId: 0 }),
            again: [
              { created: pet(9), ex: ok({ ...pet(9), categoryId: 0 }) },
              { created: pet(10), ex: ok({ ...pet(10), categoryId: 0 }) },
            ],
          },
        ],
      },
      verdict: 'fail',
      because: 'categoryId: expected 3, got 0; 2 more pet(s) created with the same fields',
    },
    {
      observation: {
        read: 5,
        unread: 0,
        problems: [
          {
            by: 'CREATE-X',
            created: pet(),
            createdEx: ok(pet(), 201),
            ex: err(404),
            again: [{ created: pet(9), ex: ok(pet(9)) }],
          },
        ],
      },
      verdict: 'warn',
      because: 'another client may have changed or deleted the first',
    },
  ],
  'RUN-PET-CONSISTENT': [
    {
      // Two pets whose categoryId reads back as the nearest double: a store, not another client.
      observation: {
        sightings: 3,
        mismatches: ['7', '8'].map((id) => ({
          id,
          where: 'getPet',
          fields: ['categoryId'],
          differences: ['categoryId: expected 9007199254740993, got 9007199254740992'],
          created: ok(pet()),
          seen: ok(pet()),
          rounded: true as const,
        })),
        rereads: [],
      },
      verdict: 'fail',
      because: 'the store keeps categoryId through a double',
    },
    { observation: { sightings: 3, mismatches: [], rereads: [] }, verdict: 'pass' },
    { observation: { sightings: 0, mismatches: [], rereads: [] }, verdict: 'skip' },
    {
      observation: {
        sightings: 3,
        mismatches: [
          {
            id: '7',
            where: 'a listPets page',
            fields: ['name'],
            differences: ['name: expected "a ", got "a"'],
            created: ok(pet()),
            seen: ok([pet()]),
          },
        ],
        rereads: [],
      },
      verdict: 'warn',
      because: 'pet 7 in a listPets page is not the pet createPet returned',
    },
    {
      observation: {
        sightings: 3,
        mismatches: [
          {
            id: '7',
            where: 'getPet',
            fields: ['status'],
            differences: ['status: expected "sold", got "pending"'],
            created: ok(pet()),
            seen: ok(pet(7, 'pending')),
          },
        ],
        rereads: [],
      },
      verdict: 'pass',
    },
    {
      observation: {
        sightings: 3,
        mismatches: [],
        rereads: [
          { id: '7', before: ok(pet()), middle: [ok([{ ...pet(), name: 'R' }])], after: ok(pet()) },
        ],
      },
      verdict: 'fail',
      because: 'pet 7 has two states at once: name is "Rex" in getPet before and after, "R"',
    },
    {
      observation: {
        sightings: 3,
        mismatches: [],
        rereads: [{ id: '7', before: err(404), middle: [ok([pet()])], after: err(404) }],
      },
      verdict: 'fail',
      because: 'pet 7 is in listPets, while getPet answered 404 before and after it',
    },
    {
      observation: {
        sightings: 3,
        mismatches: [],
        rereads: [{ id: '7', before: err(404), middle: [], after: ok(pet()) }],
      },
      verdict: 'fail',
      because: 'a pet that is gone does not come back',
    },
    {
      observation: {
        sightings: 3,
        mismatches: [],
        rereads: [
          {
            id: '7',
            before: ok(pet()),
            middle: [ok([pet(7, 'pending')])],
            after: ok(pet(7, 'pending')),
          },
        ],
      },
      verdict: 'pass',
    },
  ],
  ...Object.fromEntries(
    ['URI', 'FIELDS', 'CREDENTIALS', 'MEDIA', 'FRAMING', 'JSON'].map((family) => {
      const list = { op: 'listPets', limit: 2 };
      const answer = (key: string, ex: unknown, meaning: unknown = list) => ({
        relation: 'r',
        form: 'f',
        key,
        meaning,
        ex,
      });
      const created = { op: 'createPet', pet: { name: 'Rex', categoryId: 3, status: 'sold' } };
      return [
        `EQUIV-${family}`,
        [
          {
            observation: { answers: [answer('valid', ok(pets(2))), answer('wrong', err(401))] },
            verdict: 'pass',
          },
          {
            observation: { answers: [answer('valid', ok(pets(3))), answer('none', err(401))] },
            verdict: 'fail',
            because: 'r: f, valid key: 3 items, more than the 2 allowed',
          },
          {
            observation: { answers: [answer('valid', err(400)), answer('none', ok(pets(1)))] },
            verdict: 'fail',
            because: 'r: f, no key: served without the right key',
          },
          {
            observation: {
              answers: [answer('valid', ok(pet(), 201), created)],
            },
            verdict: 'pass',
          },
          {
            observation: {
              answers: [answer('valid', ok({ ...pet(), name: 'Rex ' }, 201), created)],
            },
            verdict: 'fail',
            because: 'fields not echoed',
          },
          {
            observation: {
              answers: [answer('valid', err(404), { op: 'getPet', id: '7' })],
              plainGet: ok(pet()),
            },
            verdict: 'fail',
            because: 'getPet written plainly, sent after it, found the pet',
          },
          {
            observation: {
              answers: [answer('valid', err(404), { op: 'getPet', id: '7' })],
              plainGet: err(404),
            },
            verdict: 'pass',
          },
        ],
      ];
    }),
  ),
  'HTTP-401-CHALLENGE': [
    {
      observation: [
        {
          label: 'l',
          ex: exchange({
            status: 401,
            json: errorBody(401),
            headers: { 'www-authenticate': 'Bearer realm="p"' },
          }),
        },
      ],
      verdict: 'pass',
    },
    {
      observation: [{ label: 'l', ex: err(401) }],
      verdict: 'fail',
      because: '401 without WWW-Authenticate (RFC 9110 15.5.2',
    },
    {
      observation: [
        {
          label: 'l',
          ex: exchange({
            status: 401,
            json: errorBody(401),
            headers: { 'www-authenticate': 'Basic realm="p"' },
          }),
        },
      ],
      verdict: 'fail',
      because: 'has no Bearer challenge',
    },
    { observation: [{ label: 'l', ex: ok([]) }], verdict: 'skip' },
  ],
  'HTTP-DATE': [
    {
      observation: [
        {
          label: 'l',
          ex: exchange({
            status: 200,
            json: [],
            headers: { date: 'Sun, 06 Nov 1994 08:49:37 GMT' },
          }),
        },
      ],
      verdict: 'pass',
    },
    { observation: [{ label: 'l', ex: ok([]) }], verdict: 'fail', because: 'without a Date field' },
    {
      observation: [
        {
          label: 'l',
          ex: exchange({ status: 404, json: errorBody(404), headers: { date: '1994-11-06' } }),
        },
      ],
      verdict: 'fail',
      because: 'is not an IMF-fixdate',
    },
    { observation: [{ label: 'l', ex: err(500) }], verdict: 'skip' },
  ],
  'NAME-UNICODE': [
    {
      observation: [named('a\u200bb', 'a\u200bb', 'a\u200bb')],
      verdict: 'pass',
      because: '1 name came back exactly',
    },
    { observation: [], verdict: 'skip' },
    {
      observation: [named('a\u200bb', 'ab')],
      verdict: 'fail',
      because:
        'the name with format characters (Cf): name differs from code point 1 on: sent U+200B U+0062, got U+0062',
    },
    {
      observation: [named('a\u2028', 'a\u2028', 'a\\u2028')],
      verdict: 'fail',
      because: 'sent U+2028, got U+005C U+0075 U+0032 U+0030',
    },
    {
      observation: [{ kind: 'Lu', label: 'l', name: 'A', created: err(413), pages: [] }],
      verdict: 'unjudged',
    },
    {
      // Listed changed, but the same name sent again came back exactly: another client's write.
      observation: [
        { ...named('a\u200bb', 'a\u200bb', 'x'), twin: named('a\u200bb', 'a\u200bb', 'a\u200bb') },
      ],
      verdict: 'warn',
      because: 'the same name sent again came back exactly',
    },
    {
      // Another client struck the first twin too; the second came back exactly.
      observation: [
        {
          ...named('a\u200bb', 'a\u200bb', 'x'),
          twin: {
            ...named('a\u200bb', 'a\u200bb', 'y'),
            twin: named('a\u200bb', 'a\u200bb', 'a\u200bb'),
          },
        },
      ],
      verdict: 'warn',
      because: 'the same name sent again came back exactly',
    },
    {
      // Sent again, it changed again: the service's doing.
      observation: [
        { ...named('a\u200bb', 'a\u200bb', 'ab'), twin: named('a\u200bb', 'a\u200bb', 'ab') },
      ],
      verdict: 'fail',
      because: 'sent U+200B U+0062, got U+0062',
    },
  ],
  'RUN-MODEL': [
    { observation: { commands: 'c', ran: 4, notes: [] }, verdict: 'pass' },
    {
      observation: {
        commands: 'c',
        ran: 4,
        notes: ['pet 4, created by this run, was not found later (404)'],
      },
      verdict: 'warn',
      because: 'not found later',
    },
    {
      observation: {
        commands: 'c',
        ran: 1,
        violation: {
          label: 'listPets while pets were being created',
          problem: finding('partial-pet', {}, 'pet 1 listed other than created: name'),
          ex: ok([]),
          script: [ok([])],
        },
        notes: [],
      },
      verdict: 'fail',
      because: 'after 1 commands, listPets while pets were being created: pet 1 listed',
    },
  ],
  'RUN-SENTINELS': [
    {
      observation: {
        every: 50,
        sent: 100,
        probes: [{ kind: 'list-no-key', at: 50, ex: err(401) }],
        context: { apiKey: 'k', basePath: '/v1', getPetRemoved: false },
      },
      verdict: 'pass',
    },
    {
      observation: {
        every: 50,
        sent: 100,
        probes: [],
        context: { apiKey: 'k', basePath: '/v1', getPetRemoved: false },
      },
      verdict: 'skip',
    },
    {
      observation: {
        every: 50,
        sent: 100,
        probes: [{ kind: 'list-no-key', at: 50, ex: ok([]) }],
        context: { apiKey: 'k', basePath: '/v1', getPetRemoved: false },
      },
      verdict: 'fail',
      because: 'sentinel list-no-key after 50 requests',
    },
  ],
  'RUN-401-NO-EFFECT': [
    { observation: { refused: { 401: 3, 400: 0 }, reads: 9, stored: [] }, verdict: 'pass' },
    { observation: { refused: { 401: 0, 400: 2 }, reads: 9, stored: [] }, verdict: 'skip' },
    {
      observation: {
        refused: { 401: 1, 400: 0 },
        reads: 1,
        stored: [
          {
            owed: 401,
            why: 'no key',
            name: 'pc-r~refused-first-no-key',
            id: '1',
            refused: err(401),
            seen: ok([{ id: 1, name: 'pc-r~refused-first-no-key', categoryId: 1 }]),
          },
        ],
      },
      verdict: 'fail',
      because: 'a createPet refused with 401 (no key) created a pet: pet 1',
    },
  ],
  'RUN-400-NO-EFFECT': [
    { observation: { refused: { 401: 0, 400: 3 }, reads: 9, stored: [] }, verdict: 'pass' },
    {
      observation: {
        refused: { 401: 0, 400: 1 },
        reads: 1,
        stored: [
          {
            owed: 400,
            why: 'an invalid body',
            name: 'pc-r~refused-first-invalid',
            id: '2',
            refused: err(400),
            seen: ok({ id: 2, name: 'pc-r~refused-first-invalid', categoryId: 1 }),
          },
        ],
      },
      verdict: 'fail',
      because: 'a createPet refused with 400 (an invalid body) created a pet: pet 2',
    },
  ],
  'RUN-LIMIT-NO-EFFECT': [
    { observation: { refused: 2, reads: 9, stored: [] }, verdict: 'pass' },
    { observation: { refused: 0, reads: 9, stored: [] }, verdict: 'skip' },
    // Refusals, but nothing read after them (every answer a 429): nothing judged.
    { observation: { refused: 4, reads: 0, stored: [] }, verdict: 'skip' },
    {
      observation: {
        refused: 1,
        reads: 1,
        stored: [
          {
            name: 'pc-r-seed-3',
            id: '7',
            refused: err(429),
            seen: ok([{ id: 7, name: 'pc-r-seed-3', categoryId: 1 }]),
          },
        ],
      },
      verdict: 'fail',
      because: 'a createPet answered 429 created a pet all the same: pet 7',
    },
  ],
  'EVERY-ANSWER': [
    { observation: { judged: 5, outside: 1, offences: 0, first: [] }, verdict: 'pass' },
    { observation: { judged: 0, outside: 0, offences: 0, first: [] }, verdict: 'skip' },
    {
      observation: {
        judged: 5,
        outside: 0,
        offences: 2,
        first: [
          {
            label: 'GET /v1/pets?limit=1 (the key, sent by preflight)',
            problem: finding('not-bare-array', {}, 'body is not a bare JSON array'),
            ex: ok({ data: [] }),
          },
        ],
      },
      verdict: 'fail',
      because:
        'GET /v1/pets?limit=1 (the key, sent by preflight): body is not a bare JSON array (2 of 5 answers broke one)',
    },
  ],
  'ROBUST-LIST-ANY-QUERY': [
    { observation: { input: 'q', ex: ok([]) }, verdict: 'pass' },
    {
      observation: { input: 'q', ex: err(400), sent: { limit: '5', status: 'sold' } },
      verdict: 'fail',
      because: 'expected 200, got 400 (the input is within the contract’s rules',
    },
    {
      observation: { input: 'q', ex: ok(pets(3)), sent: { limit: '2' } },
      verdict: 'fail',
      because: '3 items, more than the 2 allowed',
    },
    { observation: { input: 'q', ex: err(400), sent: { limit: '0' } }, verdict: 'pass' },
    // A page asked for by position alone is bound by the default limit, 20; a cursor's page, or
    // one beside a size parameter of the server's own, only by the maximum.
    {
      observation: { input: 'q', ex: ok(pets(50)), sent: 'page=1' },
      verdict: 'fail',
      because: '50 items, more than the 20 allowed',
    },
    {
      observation: { input: 'q', ex: ok(pets(21)), sent: { offset: '0', status: 'sold' } },
      verdict: 'fail',
    },
    { observation: { input: 'q', ex: ok(pets(20)), sent: 'page=2' }, verdict: 'pass' },
    { observation: { input: 'q', ex: ok(pets(50)), sent: 'cursor=abc' }, verdict: 'pass' },
    { observation: { input: 'q', ex: ok(pets(50)), sent: 'page=1&per_page=50' }, verdict: 'pass' },
    {
      observation: {
        input: 'q',
        ex: exchange({ status: 304, body: '', contentType: null }),
        sent: {},
      },
      verdict: 'fail',
      because: 'expected 200, got 304',
    },
    {
      observation: { input: 'q', ex: err(404) },
      verdict: 'warn',
      because: 'unexpected status 404',
    },
    {
      observation: {
        input: 'q',
        ex: exchange({ status: 200, body: '[', contentType: 'application/json' }),
      },
      verdict: 'fail',
      because: 'not valid JSON',
    },
  ],
  'ROBUST-CREATE-ANY-JSON': [
    { observation: { input: 'b', ex: err(400) }, verdict: 'pass' },
    {
      observation: { input: 'b', ex: err(422), sent: { name: 'Rex', categoryId: 3 } },
      verdict: 'fail',
      because: 'expected 201, got 422',
    },
    {
      observation: { input: 'b', ex: err(429), sent: { name: 'Rex', categoryId: 3 } },
      verdict: 'unjudged',
    },
    { observation: { input: 'b', ex: err(502) }, verdict: 'fail', because: 'server error 502' },
  ],
  'ROBUST-CREATE-MEDIA': [
    { observation: { input: 'text/plain', ex: err(415) }, verdict: 'pass' },
    { observation: { input: 'text/plain', ex: ok(pet(), 201) }, verdict: 'pass' },
    { observation: { input: 'text/plain', ex: err(422) }, verdict: 'warn' },
    {
      observation: {
        input: 'text/plain',
        ex: exchange({ status: 415, body: 'Unsupported', contentType: 'text/plain' }),
      },
      verdict: 'fail',
    },
    {
      observation: {
        input: 'text/plain',
        ex: exchange({ status: 400, json: { code: 'x', message: 'y', status: 415 } }),
      },
      verdict: 'fail',
      because: 'status',
    },
    { observation: { input: 'text/plain', ex: err(500) }, verdict: 'fail', because: '500' },
  ],
  'ROBUST-CREATE-TEXT': [
    { observation: { input: 'a byte order mark', ex: err(400) }, verdict: 'pass' },
    { observation: { input: 'a lone surrogate', ex: ok(pet(), 201) }, verdict: 'pass' },
    { observation: { input: 'nested 5000 deep', ex: err(413) }, verdict: 'pass' },
    { observation: { input: 'nested 5000 deep', ex: err(500) }, verdict: 'fail', because: '500' },
    {
      observation: { input: 'a member twice', ex: exchange({ status: 201, json: { id: 1 } }) },
      verdict: 'fail',
    },
  ],
  'VERSION-PREFIX-V1': [
    { observation: 'http://h/v1', verdict: 'pass' },
    { observation: 'http://h/api', verdict: 'warn', because: 'does not end in /v1' },
  ],
  'SUNSET-GET-LIFECYCLE': [
    { observation: { today: '2030-12-04', ex: ok(pet()) }, verdict: 'pass' },
    {
      observation: { today: '2030-12-04', ex: err(410) },
      verdict: 'fail',
      because: 'removed before the sunset',
    },
    {
      observation: {
        today: '2030-12-04',
        ex: exchange({ status: 404, json: errorBody(404) }, 'GET', 'http://h/v1/pets/42'),
        origin: 'created at 2030-12-04T10:00:00.000Z in this run',
      },
      verdict: 'fail',
      because:
        'expected 200, got 404 (the pet 42, created at 2030-12-04T10:00:00.000Z in this run, is not found)',
    },
    {
      observation: {
        today: '2030-12-04',
        ex: exchange({ status: 404, json: errorBody(404) }, 'GET', 'http://h/v1/pets/7'),
        listedAfter: ok([pet(7)]),
      },
      verdict: 'fail',
      because: 'pet 7 answered 404, and a listPets page taken right after still holds it',
    },
    {
      observation: {
        today: '2030-12-04',
        ex: exchange({ status: 404, json: errorBody(404) }, 'GET', 'http://h/v1/pets/7'),
        listedAfter: ok([pet(8)]),
        second: { id: '8', ex: err(404) },
      },
      verdict: 'fail',
      because: 'a second pet, 8, read just then: expected 200, got 404',
    },
    {
      observation: {
        today: '2030-12-04',
        ex: exchange({ status: 404, json: errorBody(404) }, 'GET', 'http://h/v1/pets/7'),
        listedAfter: ok([pet(8)]),
        second: { id: '8', ex: ok(pet(8)) },
      },
      verdict: 'pass',
      because: 'pet 7 is gone: another client may have deleted it',
    },
    { observation: { today: '2030-12-05', ex: err(410) }, verdict: 'pass' },
    {
      observation: { today: '2031-01-01', ex: ok(pet()) },
      verdict: 'fail',
      because: 'still served after the sunset',
    },
  ],
  'DEPRECATION-EVERY-GETPET': [
    {
      observation: {
        notices: [
          withHeaders({ sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', deprecation: '@1764892800' }),
        ],
        today: '2026-11-26',
      },
      verdict: 'pass',
    },
    { observation: { notices: [], today: '2026-11-26' }, verdict: 'skip' },
    {
      observation: {
        notices: [
          withHeaders({ sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }),
          exchange({
            status: 404,
            json: errorBody(404),
            headers: { sunset: 'Thu, 05 Jun 2031 00:00:00 GMT' },
          }),
        ],
        today: '2026-11-26',
      },
      verdict: 'fail',
      because: 'a getPet answer 404: Sunset',
    },
    {
      observation: { notices: [withHeaders({ deprecation: '@1893456000' })], today: '2026-11-26' },
      verdict: 'fail',
      because: 'deprecated from 2030-01-01, after today',
    },
    {
      // A form that is not a date is judged by the checks of form, not here.
      observation: { notices: [withHeaders({ sunset: 'soon' })], today: '2026-11-26' },
      verdict: 'pass',
    },
  ],
  'LIST-NEXT-LINK': [
    { observation: { pages: [] }, verdict: 'pass' },
    {
      observation: { pages: [{ query: 'cursor=2&limit=2&status=sold', ex: ok(pets(2)) }] },
      verdict: 'pass',
    },
    {
      // pets(n) are all sold: one of another status breaks the filter the link names.
      observation: {
        pages: [{ query: 'cursor=2&limit=2&status=sold', ex: ok([pet(1), pet(2, 'pending')]) }],
      },
      verdict: 'fail',
      because: 'a pet of status "pending" in a status=sold page',
    },
    {
      observation: { pages: [{ query: 'cursor=2&limit=2', ex: ok(pets(3)) }] },
      verdict: 'fail',
      because: '3 items, more than the 2 allowed',
    },
    { observation: { pages: [{ query: 'cursor=old', ex: err(400) }] }, verdict: 'pass' },
  ],
  'LIST-VALIDATOR-PER-QUERY': [
    { observation: { probes: [] }, verdict: 'pass' },
    {
      // The other query's page is the same: a 304 to its tag is right.
      observation: {
        probes: [
          {
            from: 'status=available',
            to: 'status=sold',
            tagged: exchange({ status: 200, json: [], headers: { etag: '"v1"' } }),
            conditional: exchange({ status: 304, body: '' }),
            own: ok([]),
          },
        ],
      },
      verdict: 'pass',
    },
    {
      observation: {
        probes: [
          {
            from: 'limit=20',
            to: 'limit=1',
            tagged: exchange({ status: 200, json: pets(3), headers: { etag: '"v3"' } }),
            conditional: exchange({ status: 304, body: '' }),
            own: ok(pets(1)),
          },
        ],
      },
      verdict: 'fail',
      because: "?limit=1 with If-None-Match of ?limit=20's ETag",
    },
  ],
  'SUNSET-HEADER': [
    { observation: withHeaders({ sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }), verdict: 'pass' },
    { observation: withHeaders({}), verdict: 'warn', because: 'no Sunset header' },
    {
      observation: withHeaders({ sunset: 'Fri, 06 Dec 2030 12:00:00 GMT' }),
      verdict: 'fail',
      because: 'Sunset names 2030-12-06',
    },
    {
      observation: withHeaders({ sunset: 'Wed, 04 Dec 2030 09:59:59 GMT' }),
      verdict: 'fail',
      because: 'Sunset names 2030-12-04',
    },
    // Midnight of 5 December in Berlin, and 5 December evening in New York: the contract names
    // a day and no time zone.
    { observation: withHeaders({ sunset: 'Wed, 04 Dec 2030 23:00:00 GMT' }), verdict: 'pass' },
    { observation: withHeaders({ sunset: 'Fri, 06 Dec 2030 00:00:00 GMT' }), verdict: 'pass' },
    {
      observation: withHeaders({ sunset: '2030-12-05' }),
      verdict: 'fail',
      because: 'is not an IMF-fixdate',
    },
    {
      observation: withHeaders({ sunset: 'Wed, 05 Dec 2030 00:00:00 GMT' }),
      verdict: 'fail',
      because: 'is not an IMF-fixdate',
    },
  ],
  'DEPRECATION-HEADER': [
    { observation: withHeaders({ deprecation: '@1764892800' }), verdict: 'pass' },
    { observation: withHeaders({ deprecation: 'true' }), verdict: 'warn', because: 'draft form' },
    { observation: withHeaders({}), verdict: 'warn', because: 'no Deprecation header' },
    {
      observation: withHeaders({ deprecation: '@1924992000' }),
      verdict: 'fail',
      because: 'later than the sunset',
    },
    {
      observation: withHeaders({ deprecation: 'Fri, 05 Dec 2025 00:00:00 GMT' }),
      verdict: 'fail',
      because: 'not a structured-field date',
    },
  ],
  'DEPRECATION-LINKS': [
    {
      observation: withHeaders({
        link: '<https://x.example/d>; rel="sunset", </v1/pets>; rel="successor-version"',
      }),
      verdict: 'pass',
    },
    { observation: withHeaders({}), verdict: 'pass' },
    {
      observation: withHeaders({ link: '<http://[::1/x>; rel="deprecation"' }),
      verdict: 'fail',
      because: 'not a valid URI reference',
    },
    {
      observation: withHeaders({ link: '<a b>; rel=sunset' }),
      verdict: 'fail',
      because: 'not a valid URI reference',
    },
  ],
  'DEPRECATION-ONLY-GETPET': [
    { observation: [ok([]), ok(pet(), 201)], verdict: 'pass' },
    {
      observation: [withHeaders({ deprecation: '@1' }), ok(pet(), 201)],
      verdict: 'fail',
      because: 'Deprecation or Sunset header on an operation that is not deprecated: GET /v1/pets',
    },
    {
      observation: [withHeaders({ sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' })],
      verdict: 'fail',
      because: 'Deprecation or Sunset header on an operation that is not deprecated',
    },
  ],
  'SUNSET-COUNTDOWN': [
    { observation: { today: '2026-11-22', warnWithinDays: 180 }, verdict: 'pass' },
    {
      observation: { today: '2030-11-01', warnWithinDays: 180 },
      verdict: 'warn',
      because: '34 days left',
    },
    { observation: { today: '2030-11-01', warnWithinDays: 30 }, verdict: 'pass' },
    {
      observation: { today: '2031-01-01', warnWithinDays: 180 },
      verdict: 'pass',
      because: 'removed',
    },
  ],
};
const probes = (ex: unknown) => [
  { label: 'l', ex, instead: { statuses: [400, 404], what: 'validated it' } },
];
for (const check of CATALOG.filter((c) => /^AUTH-(LIST|CREATE|GET|BEFORE)-/.test(c.id))) {
  cases[check.id] = [
    { observation: probes(err(401)), verdict: 'pass' },
    { observation: probes(ok([])), verdict: 'fail', because: 'expected 401, got 200' },
    { observation: probes(err(403)), verdict: 'fail', because: 'expected 401, got 403' },
    { observation: probes(err(400)), verdict: 'fail', because: 'validated it before the key' },
  ];
}

describe('every check, judged on hand-made observations', () => {
  it('has cases for every check in the catalog, and only those', () => {
    expect(Object.keys(cases).sort()).toEqual(CATALOG.map((c) => c.id).sort());
  });

  it('has at least one passing and one non-passing case per check', () => {
    for (const [id, list] of Object.entries(cases)) {
      expect(
        list.some((c) => c.verdict === 'pass'),
        id,
      ).toBe(true);
      expect(
        list.some((c) => c.verdict !== 'pass'),
        id,
      ).toBe(true);
    }
  });

  for (const check of CHECKS) {
    it(`${check.id}`, () => {
      for (const { observation, verdict, because } of cases[check.id] ?? []) {
        const judgement = check.judge(observation as never);
        expect(judgement.verdict, `${check.id}: ${judgement.message}`).toBe(verdict);
        if (because) expect(judgement.message).toContain(because);
        if (verdict === 'fail')
          expect(judgement.evidence?.length ?? 0, `${check.id} names its evidence`).toBeGreaterThan(
            0,
          );
      }
    });
  }
});
