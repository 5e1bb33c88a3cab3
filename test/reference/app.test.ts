import { describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/reference/app.ts';
import { parseNewPet } from '../../src/reference/new-pet.ts';
import { listen } from '../../src/reference/server.ts';
import { countingFrom, PetStore } from '../../src/reference/store.ts';
import type { AppRequest, AppResponse } from '../../src/reference/types.ts';

const KEY = 'ref-key';
const AUTH = { authorization: `Bearer ${KEY}` };

function request(
  method: string,
  target: string,
  body = '',
  headers: Record<string, string> = AUTH,
): AppRequest {
  const url = new URL(target, 'http://x');
  return { method, path: url.pathname, query: url.searchParams, headers, body };
}

function appAt(day: string) {
  return createReferenceApp({ apiKey: KEY, clock: () => new Date(`${day}T12:00:00Z`) });
}

async function call(
  app: ReturnType<typeof appAt>,
  ...args: Parameters<typeof request>
): Promise<AppResponse> {
  return app(request(...args));
}

describe('reference server', () => {
  const app = appAt('2026-11-22');

  it('checks the key before anything else', async () => {
    for (const res of [
      await call(app, 'GET', '/v1/pets', '', {}),
      await call(app, 'POST', '/v1/pets', 'not json', { authorization: 'Bearer nope' }),
      await call(app, 'GET', '/v1/pets/999', '', { authorization: `Basic ${KEY}` }),
      await call(app, 'GET', '/nowhere', '', {}),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'unauthorized', status: 401 });
    }
  });

  it('creates, lists with limit and status, and fetches pets', async () => {
    const created = await call(
      app,
      'POST',
      '/v1/pets',
      JSON.stringify({ name: 'Rex', categoryId: 2 ** 40, status: 'sold' }),
    );
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: 1n, name: 'Rex', categoryId: 2n ** 40n, status: 'sold' });
    await call(app, 'POST', '/v1/pets', JSON.stringify({ name: 'Tom', categoryId: 1 }));
    expect((await call(app, 'GET', '/v1/pets?limit=1')).json).toHaveLength(1);
    expect((await call(app, 'GET', '/v1/pets?status=sold')).json).toEqual([created.json]);
    expect((await call(app, 'GET', '/v1/pets/1')).json).toEqual(created.json);
  });

  it('keeps every int64 categoryId exactly, both bounds and beyond 2^53 included', async () => {
    const fresh = appAt('2026-11-22');
    for (const text of [
      '-9223372036854775808',
      '9223372036854775807',
      '9007199254740993',
      '-9007199254740993',
    ]) {
      const res = await call(fresh, 'POST', '/v1/pets', `{"name":"a","categoryId":${text}}`);
      expect(res.status, text).toBe(201);
      expect((res.json as { categoryId: bigint }).categoryId.toString()).toBe(text);
    }
  });

  it('reads categoryId as JSON Schema counts integers: -0 is 0, 1.0E0 is 1', async () => {
    const fresh = appAt('2026-11-22');
    const zero = await call(fresh, 'POST', '/v1/pets', '{"name":"a","categoryId":-0}');
    expect(zero.json).toMatchObject({ categoryId: 0n });
    const one = await call(fresh, 'POST', '/v1/pets', '{"name":"a","categoryId":1.0E0}');
    expect(one.json).toMatchObject({ categoryId: 1n });
  });

  it('rejects categoryIds just beyond int64, and petIds beyond it, with 400', async () => {
    for (const text of ['9223372036854775808', '-9223372036854775809', '1e19', '1e999999999']) {
      const res = await call(app, 'POST', '/v1/pets', `{"name":"a","categoryId":${text}}`);
      expect(res.status, text).toBe(400);
    }
    expect((await call(app, 'GET', '/v1/pets/9223372036854775808')).status).toBe(400);
    expect((await call(app, 'GET', '/v1/pets/-9223372036854775809')).status).toBe(400);
    expect((await call(app, 'GET', '/v1/pets/9223372036854775807')).status).toBe(404);
  });

  it('assigns ids from the source it is given, exactly, and serves them back', async () => {
    const store = new PetStore({ ids: countingFrom(2n ** 53n + 1n) });
    const big = createReferenceApp({ apiKey: KEY, store, clock: () => new Date('2026-01-01') });
    const created = await call(big, 'POST', '/v1/pets', '{"name":"a","categoryId":1}');
    expect(created.json).toMatchObject({ id: 2n ** 53n + 1n });
    expect((await call(big, 'GET', '/v1/pets/9007199254740993')).status).toBe(200);
    expect((await call(big, 'GET', '/v1/pets/9007199254740992')).status).toBe(404);
  });

  it('writes ids and categoryIds on the wire as exact JSON integers', async () => {
    const server = await listen(createReferenceApp({ apiKey: KEY }));
    try {
      const res = await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: '{"name":"a","categoryId":9223372036854775807}',
      });
      expect(await res.text()).toBe('{"id":1,"name":"a","categoryId":9223372036854775807}');
    } finally {
      await server.close();
    }
  });

  it('answers 400 Error for invalid bodies and query values', async () => {
    const bad = [
      '',
      '{',
      '[]',
      'null',
      '"x"',
      '{"categoryId":1}',
      '{"name":"a"}',
      '{"name":1,"categoryId":1}',
      '{"name":"a","categoryId":1.5}',
      '{"name":"a","categoryId":1,"status":"lost"}',
      '{"name":"a","categoryId":1,"status":null}',
    ];
    for (const body of bad) {
      const res = await call(app, 'POST', '/v1/pets', body);
      expect(res.status, body).toBe(400);
      expect(res.json).toMatchObject({ status: 400 });
    }
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=1.5',
      'limit=abc',
      'limit=',
      'status=lost',
    ]) {
      expect((await call(app, 'GET', `/v1/pets?${query}`)).status, query).toBe(400);
    }
  });

  it('answers 404 Error for an unknown id, 400 for a non-integer one, with deprecation headers', async () => {
    const missing = await call(app, 'GET', '/v1/pets/424242');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 404 });
    expect(missing.headers).toMatchObject({ sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' });
    expect(missing.headers?.deprecation).toMatch(/^@\d+$/);
    expect((await call(app, 'GET', '/v1/pets/abc')).status).toBe(400);
    expect((await call(app, 'GET', '/v1/pets/%zz')).status).toBe(400);
  });

  it('removes getPet from the sunset day on, and keeps it the day before', async () => {
    const before = appAt('2030-12-04');
    await call(before, 'POST', '/v1/pets', JSON.stringify({ name: 'a', categoryId: 1 }));
    expect((await call(before, 'GET', '/v1/pets/1')).status).toBe(200);
    const after = appAt('2030-12-05');
    await call(after, 'POST', '/v1/pets', JSON.stringify({ name: 'a', categoryId: 1 }));
    const gone = await call(after, 'GET', '/v1/pets/1');
    expect(gone.status).toBe(410);
    expect(gone.json).toMatchObject({ status: 410 });
    expect((await call(after, 'GET', '/v1/pets')).status).toBe(200);
  });
});

describe('the reference reads NewPets exactly, long ones quickly', () => {
  const long = 'ü'.repeat(300_000);
  it.each([
    [
      `{"name":"${long}","categoryId":9007199254740993}`,
      { name: long, categoryId: 9007199254740993n },
    ],
    [
      `{"name":"${long}","categoryId":1.0E0,"status":"sold"}`,
      { name: long, categoryId: 1n, status: 'sold' },
    ],
    [`{"name":"${long}\\"","categoryId":2,"name":"last"}`, { name: 'last', categoryId: 2n }],
  ])('%#: a long name and the exact categoryId', (body, pet) => {
    expect(parseNewPet(body)).toEqual({ ok: true, pet });
  });

  it.each([
    [`{"name":"${long}","categoryId":1.5}`],
    [`{"name":"${long}\u0001","categoryId":1}`],
    [`{"name":"${long}","categoryId":"${'1'.repeat(300)}"}`],
  ])('%#: refuses what the exact reading refuses', (body) => {
    expect(parseNewPet(body).ok).toBe(false);
  });
});
