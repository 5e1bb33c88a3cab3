import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';
import { compose } from '../../src/http/interceptor.ts';
import { retryingClosedConnections } from '../../src/http/retry.ts';

// A server that answers 401 as soon as a request's head has come, without reading its body, and
// closes the connection at once (RFC 9112 9.6 asks for a close in stages; many close at once).
// In a process of its own: in this one, every piece would be written before it could answer.
const SERVER = `
const body = JSON.stringify({ code: 'unauthorized', message: 'No key.', status: 401 });
const server = require('node:http').createServer((req, res) => {
  res.writeHead(401, { 'content-type': 'application/json', connection: 'close' });
  res.end(body, () => req.socket.destroy());
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;
const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<number>((resolve) =>
  child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
);
const client = createClient({
  baseUrl: `http://127.0.0.1:${port}/v1`,
  apiKey: 'early-key',
  timeoutMs: 3000,
});
afterAll(async () => {
  await client.close();
  child.kill();
});

describe('an answer that comes before the body is sent whole (RFC 9112 9.5)', () => {
  it('is read, not lost to the write into the closed connection (a chunked body in pieces)', async () => {
    const text = JSON.stringify({ name: 'Rex a/"ü🐶', categoryId: 28 });
    const pieces = [text.slice(0, 5), text.slice(5, 20), text.slice(20)];
    const statuses: (number | string)[] = [];
    // Sent one after another: the write of a later piece used to meet EPIPE in about 9 of 10.
    for (let i = 0; i < 30; i++) {
      const ex = await client.send({
        method: 'POST',
        path: '/pets',
        auth: 'none',
        bodyChunks: pieces,
      });
      statuses.push(ex.response?.status ?? ex.error?.code ?? 'none');
    }
    // Alone it is 30 of 30 (0 of 40 lost, measured); on a machine loaded by npm test's other
    // files the server's close can still overtake a piece now and then: 1 in 30 was seen.
    expect(statuses.filter((s) => s !== 401).length).toBeLessThanOrEqual(2);
  });
});

describe('an answer before the body, through the retry of a closed connection', () => {
  it('is read every time: a try that lost it goes again with longer gaps between the pieces', async () => {
    const retrying = compose(client, retryingClosedConnections);
    const text = JSON.stringify({ name: 'Rex', categoryId: 28 });
    const pieces = [text.slice(0, 5), text.slice(5, 12), text.slice(12)];
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 20; i++) {
      const ex = await retrying.send({
        method: 'POST',
        path: '/pets',
        auth: 'none',
        bodyChunks: pieces,
      });
      statuses.push(ex.response?.status ?? ex.error?.code ?? 'none');
    }
    expect(statuses.filter((s) => s !== 401)).toEqual([]);
  });
});

describe('a large body the connection is closed under before any answer', () => {
  it('is BODY_CUT_OFF (a size limit may have answered and closed), not a plain reset', async () => {
    // 8 MiB: far more than the socket buffers take before the server's close meets the write.
    const text = `{"name":"big","categoryId":1${' '.repeat(8 * 2 ** 20)}}`;
    const ex = await client.send({
      method: 'POST',
      path: '/pets',
      auth: 'none',
      rawBody: text,
    });
    // The 401 may be read before the close (then it is the answer), or lost under the body.
    const got = ex.response?.status ?? ex.error?.code;
    expect([401, 'BODY_CUT_OFF']).toContain(got);
  });
});
