import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { reframe } from '../../src/http/chunk-framing.ts';
import { createClient } from '../../src/http/client.ts';
import { toCurl } from '../../src/http/curl.ts';

// A server that keeps the octets of each request as they came and answers each with 200 once
// its chunked body has ended (after its trailer section), on a connection kept alive.
const received: string[] = [];
const raw = createServer((socket: Socket) => {
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    const end = /\r\n0[^\r]*\r\n(?:[^\r]+\r\n)*\r\n$/.exec(text);
    if (!end) return;
    received.push(text);
    text = '';
    socket.write(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
    );
  });
});
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
const { port } = raw.address() as { port: number };
const client = createClient({
  baseUrl: `http://127.0.0.1:${port}/v1`,
  apiKey: 'framing-key',
  timeoutMs: 2000,
});
afterAll(async () => {
  await client.close();
  raw.close();
});

const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);

describe('chunk extensions and trailers (RFC 9112 7.1.1, 7.1.2)', () => {
  it('go on the wire after every chunk size and after the last chunk, as asked', async () => {
    received.length = 0;
    const ex = await client.send({
      method: 'POST',
      path: '/pets',
      bodyChunks: ['{"na', 'me":"a"}'],
      chunkFraming: { extension: 'pc-note="a b;c"', trailer: { 'x-pc-note': 'end' } },
    });
    expect(ex.response?.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('transfer-encoding: chunked\r\n');
    expect(bodyOf(received[0] as string)).toBe(
      '4;pc-note="a b;c"\r\n{"na\r\n8;pc-note="a b;c"\r\nme":"a"}\r\n0;pc-note="a b;c"\r\nx-pc-note: end\r\n\r\n',
    );
    expect(ex.request.framing).toBe(
      'chunked, 2 chunks; each with the chunk extension ;pc-note="a b;c"; the trailer x-pc-note: end',
    );
    expect(toCurl(ex.request)).toContain(`-H 'Transfer-Encoding: chunked' --data-raw`);
  });

  it('leave other requests on the same client as they were, framed or not', async () => {
    received.length = 0;
    const framed = client.send({
      method: 'POST',
      path: '/pets',
      bodyChunks: ['{}'],
      chunkFraming: { extension: 'x' },
    });
    const plain = client.send({ method: 'POST', path: '/pets', bodyChunks: ['{', '}'] });
    await Promise.all([framed, plain]);
    expect(received.map(bodyOf).sort()).toEqual([
      '1\r\n{\r\n1\r\n}\r\n0\r\n\r\n',
      '2;x\r\n{}\r\n0;x\r\n\r\n',
    ]);
  });

  it('change nothing undici writes but chunk sizes and the last chunk', () => {
    const framing = { extension: 'e=1', trailer: { t: 'v' } };
    expect(reframe('\r\n1a\r\n', framing)).toBe('\r\n1a;e=1\r\n');
    expect(reframe('\r\n0\r\n\r\n', framing)).toBe('\r\n0;e=1\r\nt: v\r\n\r\n');
    expect(reframe('POST /v1/pets HTTP/1.1\r\nhost: h\r\n', framing)).toBe(
      'POST /v1/pets HTTP/1.1\r\nhost: h\r\n',
    );
    expect(reframe('\r\n1a\r\n', undefined)).toBe('\r\n1a\r\n');
  });
});
