import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';
import { retryingClosedConnections } from '../../src/http/retry.ts';

// How the server below answers a HEAD: as HTTP says (a head alone), with the body GET would get
// written after the head anyway, or with the close option.
let headWay: 'plain' | 'body-after' | 'close' | 'continue-first' = 'plain';
const seen: { method: string; socket: number }[] = [];
const sockets = new WeakMap<object, number>();
let opened = 0;

function answerHead(req: IncomingMessage, res: ServerResponse, body: string): void {
  res.end(body);
  if (headWay === 'body-after') res.once('finish', () => req.socket.write(body));
}

const server = createServer((req, res) => {
  if (!sockets.has(req.socket)) sockets.set(req.socket, ++opened);
  seen.push({ method: req.method ?? '', socket: sockets.get(req.socket) ?? 0 });
  const body = '[{"id":1,"name":"a","categoryId":1}]';
  if (headWay === 'continue-first') res.writeContinue();
  const close = req.method === 'HEAD' && headWay === 'close' ? { connection: 'close' } : {};
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.length,
    ...close,
  });
  if (req.method === 'HEAD') answerHead(req, res, body);
  else res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const client = createClient({ baseUrl: `${origin}/v1`, apiKey: 'head-key', timeoutMs: 2000 });
const send = retryingClosedConnections(client.send);
afterAll(async () => {
  await client.close();
  server.close();
});

describe('a request sent after a HEAD of itself on one connection', () => {
  it('gets its own answer, the HEAD on the same connection first, and records the HEAD’s line', async () => {
    headWay = 'plain';
    seen.length = 0;
    const ex = await send({ method: 'GET', path: '/pets', afterOwnHead: true });
    expect(ex.error).toBeUndefined();
    expect(ex.response?.json).toEqual([{ id: 1, name: 'a', categoryId: 1 }]);
    expect(ex.afterHead).toBe('HTTP/1.1 200 OK');
    expect(ex.request.afterOwnHead).toBe(true);
    expect(seen.map((s) => s.method)).toEqual(['HEAD', 'GET']);
    expect(seen[0]?.socket).toBe(seen[1]?.socket);
  });

  it('reads a body written after the HEAD’s head where its own answer should start', async () => {
    headWay = 'body-after';
    const ex = await send({ method: 'GET', path: '/pets', afterOwnHead: true });
    expect(ex.response).toBeUndefined();
    expect(ex.error?.code).toMatch(/^(HPE_|HTTPParserError)/);
  });

  it('sends no more on a connection the HEAD’s answer closes, and sends the request again alone', async () => {
    headWay = 'close';
    const ex = await send({ method: 'GET', path: '/pets', afterOwnHead: true });
    expect(ex.response?.status).toBe(200);
    expect(ex.earlier?.[0]?.why).toMatch(/closed after the HEAD/);
    // The last two: the GET of the test before may reach the server after this one began.
    const [head, get] = seen.slice(-2);
    expect([head?.method, get?.method]).toEqual(['HEAD', 'GET']);
    expect(head?.socket).not.toBe(get?.socket);
  });

  it('reads past an interim 100 before the HEAD’s answer and before its own', async () => {
    headWay = 'continue-first';
    const ex = await send({ method: 'GET', path: '/pets', afterOwnHead: true });
    expect(ex.response?.json).toEqual([{ id: 1, name: 'a', categoryId: 1 }]);
    expect(ex.afterHead).toBe('HTTP/1.1 200 OK');
  });
});
