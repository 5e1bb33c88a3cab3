import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';

/** How a raw server writes one answer: the pieces, with a pause between them. */
type Script = readonly string[];

const FINAL = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]';
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
let script: Script = [];
const server = createServer((socket: Socket) => {
  socket.on('data', async (chunk: Buffer) => {
    // One answer a request head (no request here has a body).
    if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
    for (const piece of script) {
      socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const client = createClient({
  baseUrl: `http://127.0.0.1:${port}/v1`,
  apiKey: 'interim-key',
  timeoutMs: 2000,
});
afterAll(async () => {
  await client.close();
  server.close();
});

// RFC 9110 15.2: a client MUST be able to parse 1xx answers it did not expect.
describe('interim 100 (Continue) answers nothing asked for', () => {
  const cases: [string, Script][] = [
    ['one, then the answer in the same octets', [CONTINUE + FINAL]],
    ['one, then the answer apart', [CONTINUE, FINAL]],
    ['two, then the answer', [CONTINUE, CONTINUE, FINAL]],
    [
      'one cut in pieces, its status line too',
      ['HTTP/1.', '1 10', '0 Continue\r', '\n\r\n', FINAL],
    ],
    [
      'one without a reason phrase, then a 103 with a field',
      ['HTTP/1.1 100\r\n\r\n', 'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n', FINAL],
    ],
    [
      'none: an answer whose status starts with 1 but is 101 would not come, a 200 in pieces',
      ['HTTP/1', '.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]'],
    ],
  ];
  it.each(cases)('%s: the final answer is read', async (_name, pieces) => {
    script = pieces;
    const ex = await client.send({ method: 'GET', path: '/pets' });
    expect(ex.error).toBeUndefined();
    expect(ex.response?.status).toBe(200);
    expect(ex.response?.body).toBe('[]');
  });

  it('a kept-alive connection reads the next answer after one with a 100 before it', async () => {
    script = [CONTINUE, FINAL];
    const first = await client.send({ method: 'GET', path: '/pets' });
    script = [FINAL];
    const second = await client.send({ method: 'GET', path: '/pets' });
    expect([first.response?.status, second.response?.status]).toEqual([200, 200]);
  });
});
