import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';

// An answer without Content-Length, as a server that streams every answer writes it: chunked to
// a 1.1 request, framed by the connection's close to a 1.0 one (1.0 has no chunked coding).
const seen: { version: string; connection: string | undefined }[] = [];
const server = createServer((req, res) => {
  seen.push({ version: req.httpVersion, connection: req.headers.connection });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  res.end(']');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = createClient({ baseUrl: `${origin}/v1`, apiKey: 'v10-key', timeoutMs: 2000 });
afterAll(async () => {
  await client.close();
  server.close();
});

describe('a request sent as HTTP/1.0 (RFC 9112 2.3)', () => {
  it('asks to close, and reads an answer framed by the close', async () => {
    seen.length = 0;
    const ex = await client.send({ method: 'GET', path: '/pets', http10: true });
    expect(ex.error).toBeUndefined();
    expect(ex.response?.body).toBe('[]');
    expect(seen).toEqual([{ version: '1.0', connection: 'close' }]);
  });

  it('leaves the requests after it on 1.1, kept alive', async () => {
    seen.length = 0;
    const ex = await client.send({ method: 'GET', path: '/pets' });
    expect(ex.response?.body).toBe('[]');
    expect(seen).toEqual([{ version: '1.1', connection: 'keep-alive' }]);
  });
});
