import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';

// What reaches the wire: a raw server's request line, not what a URL parser makes of it.
const targets: string[] = [];
const server = createServer((req, res) => {
  targets.push(req.url ?? '');
  req.resume();
  req.on('end', () => res.end('{}'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = createClient({ baseUrl: `${origin}/v1`, apiKey: 'k-0123456789', timeoutMs: 2000 });
afterAll(async () => {
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('a path sent as written (SendOptions.asWritten)', () => {
  it.each([
    ['/v1/./pets', undefined],
    ['/v1/x/../pets/1', undefined],
    ['/v1/%2e/pets', undefined],
    ['//v1/pets', undefined],
    ['/v1//pets//1', undefined],
    ['/v1/pets/', undefined],
    ['/V1/pets/1', undefined],
    ['/v1/pets', 'x=/health'],
    ['/v1/pets', 'x=.css'],
  ])('%s ?%s reaches the server as written, and is recorded so', async (path, query) => {
    targets.length = 0;
    const ex = await client.send({
      method: 'GET',
      path,
      ...(query ? { query } : {}),
      asWritten: true,
    });
    const written = query ? `${path}?${query}` : path;
    expect(targets).toEqual([written]);
    expect(ex.request.url).toBe(`${origin}${written}`);
  });

  it('without it, the path goes below the base URL, resolved as a URL parser does', async () => {
    targets.length = 0;
    await client.send({ method: 'GET', path: '/./pets' });
    expect(targets).toEqual(['/v1/pets']);
  });
});
