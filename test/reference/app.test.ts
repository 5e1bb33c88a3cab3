import { describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/reference/app.ts';
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
    expect(created.json).toEqual({ id: 1, name: 'Rex', categoryId: 2 ** 40, status: 'sold' });
    await call(app, 'POST', '/v1/pets', JSON.stringify({ name: 'Tom', categoryId: 1 }));
    expect((await call(app, 'GET', '/v1/pets?limit=1')).json).toHaveLength(1);
    expect((await call(app, 'GET', '/v1/pets?status=sold')).json).toEqual([created.json]);
    expect((await call(app, 'GET', '/v1/pets/1')).json).toEqual(created.json);
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
