import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';
import { serveForFile } from '../support/servers.ts';

// The server answers with the request body it received, byte for byte.
const server = await serveForFile((req) => ({
  status: 200,
  raw: req.body,
  headers: { 'content-type': 'application/json' },
}));
const client = createClient({
  baseUrl: server.baseUrl,
  apiKey: 'request-body-key',
  timeoutMs: 2000,
});
afterAll(() => client.close());

describe('request bodies', () => {
  it('are sent with bigints as exact JSON integers, both int64 bounds and 2^53+1 included', async () => {
    const json = { name: 'a', categoryId: -(2n ** 63n), more: [2n ** 63n - 1n, 2n ** 53n + 1n] };
    const ex = await client.send({ method: 'POST', path: '/pets', json });
    expect(ex.response?.body).toBe(
      '{"name":"a","categoryId":-9223372036854775808,"more":[9223372036854775807,9007199254740993]}',
    );
    expect(ex.request.body).toBe(ex.response?.body);
  });

  it('are written as JSON.stringify writes values without bigints', async () => {
    const json = { a: 1.5, b: [null, true, 'x\u0000'], c: -0, d: undefined, e: { f: 1e21 } };
    const ex = await client.send({ method: 'POST', path: '/pets', json });
    expect(ex.response?.body).toBe(JSON.stringify(json));
  });
});
