import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notJson, unsound } from '../../src/checks/problems.ts';
import { BOM_ERROR, createClient } from '../../src/http/client.ts';

// Answers written octet by octet, as a server sends them: the harness must judge these octets,
// not what a lenient decoder or parser makes of them.
const HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n';
const ANSWERS: Record<string, Buffer> = {
  '/bom': Buffer.concat([
    Buffer.from(`${HEAD}content-length: 5\r\n\r\n`),
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('[]'),
  ]),
  '/latin1': Buffer.concat([
    Buffer.from(`${HEAD}content-length: 5\r\n\r\n`),
    Buffer.from('["\u00e9"]', 'latin1'),
  ]),
  '/overrun': Buffer.from(`${HEAD}content-length: 2\r\n\r\n[]\n# served in 1 ms\n`),
  '/short': Buffer.from(`${HEAD}content-length: 18\r\nconnection: close\r\n\r\n[]`),
  '/exact': Buffer.from(`${HEAD}content-length: 2\r\n\r\n[]`),
};

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('data', (data) => {
      const path = /^GET (\S+) /.exec(data.toString('latin1'))?.[1] ?? '';
      const answer = ANSWERS[path];
      if (!answer) return void socket.destroy();
      socket.write(answer);
      if (path === '/short') socket.end();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fetchOnce = async (path: string) => {
  const client = createClient({ baseUrl, apiKey: 'k', timeoutMs: 2000, connections: 1 });
  try {
    return await client.send({ method: 'GET', path });
  } finally {
    await client.close();
  }
};

describe('bodies are judged as the octets that arrived', () => {
  it('a JSON body that starts with a UTF-8 byte order mark is not valid JSON (RFC 8259 8.1)', async () => {
    const ex = await fetchOnce('/bom');
    expect(ex.response?.jsonError).toBe(BOM_ERROR);
    expect(ex.response?.body.startsWith('\ufeff')).toBe(true);
    expect(notJson(ex)?.text).toContain('byte order mark');
    expect(unsound(ex)?.code).toBe('malformed-json');
  });

  it('a body that is not valid UTF-8 fails', async () => {
    const ex = await fetchOnce('/latin1');
    expect(ex.response?.jsonError).toBe('body is not valid UTF-8');
    expect(unsound(ex)?.code).toBe('malformed-json');
  });

  it('octets past the Content-Length that framed a sound body fail, though undici drops them', async () => {
    const ex = await fetchOnce('/overrun');
    expect(ex.response?.json).toEqual([]);
    expect(ex.response?.overrun).toContain('Content-Length');
    expect(notJson(ex)?.code).toBe('framing');
    expect(unsound(ex)?.code).toBe('framing');
  });

  it('a body shorter than its Content-Length, then a close, is no answer, and says why', async () => {
    const ex = await fetchOnce('/short');
    expect(ex.response).toBeUndefined();
    expect(ex.error?.code).toBe('UND_ERR_RES_CONTENT_LENGTH_MISMATCH');
    expect(ex.error?.message).toContain('Content-Length');
    expect(unsound(ex)?.code).toBe('transport-error');
  });

  it('an answer framed exactly is sound', async () => {
    const ex = await fetchOnce('/exact');
    expect(ex.response?.json).toEqual([]);
    expect(ex.response?.overrun).toBeUndefined();
    expect(unsound(ex)).toBeUndefined();
  });
});
