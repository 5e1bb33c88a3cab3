import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';

// node:http hands a request with Expect: 100-continue to 'checkContinue' instead of 'request':
// this server answers it there, after its own 100, with the body it read.
const seen: (string | undefined)[] = [];
const server = createServer((req, res) => {
  seen.push(req.headers.expect);
  res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
});
server.on('checkContinue', (req, res) => {
  seen.push(req.headers.expect);
  res.writeContinue();
  let body = '';
  req.on('data', (d) => {
    body += d;
  });
  req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(body));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = createClient({ baseUrl: `${origin}/v1`, apiKey: 'expect-key', timeoutMs: 2000 });
afterAll(async () => {
  await client.close();
  server.close();
});

describe('a request with Expect: 100-continue (RFC 9110 10.1.1)', () => {
  it('carries the field (undici refuses it), reads past the 100, and records the field', async () => {
    const ex = await client.send({
      method: 'POST',
      path: '/pets',
      json: { name: 'Rex', categoryId: 1 },
      expectContinue: true,
    });
    expect(ex.error).toBeUndefined();
    expect(ex.response?.status).toBe(201);
    expect(ex.response?.json).toEqual({ name: 'Rex', categoryId: 1 });
    expect(ex.request.headers.expect).toBe('100-continue');
    expect(seen).toEqual(['100-continue']);
  });

  it('leaves the requests after it without the field', async () => {
    seen.length = 0;
    const ex = await client.send({ method: 'GET', path: '/pets' });
    expect(ex.response?.status).toBe(200);
    expect(seen).toEqual([undefined]);
  });
});
