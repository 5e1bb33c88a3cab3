import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as entry from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undici } from '../src/http/undici.ts';

let server: Server;
let origin: string;

beforeAll(async () => {
  // Answers with what it was asked: method, path as sent and body.
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => res.end(JSON.stringify({ method: req.method, url: req.url, body })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function echo(send: typeof entry.request, url: string, options = {}) {
  const dispatcher = new undici.Agent();
  try {
    const res = await send(url, { dispatcher, ...options });
    return { status: res.statusCode, ...((await res.body.json()) as object) };
  } finally {
    await dispatcher.close();
  }
}

describe('the parts of undici the client loads', () => {
  it("come from undici 7's own modules, not from its entry (which costs start-up)", () => {
    expect(undici.direct).toBe(true);
    expect(undici.errors.HeadersTimeoutError).toBe(entry.errors.HeadersTimeoutError);
    expect(new undici.Agent()).toBeInstanceOf(entry.Agent);
  });

  it.each([
    ['/v1/pets'],
    ['/v1/pets?limit=5&cursor=a%20b'],
    ['/v1/pets?'],
    ['/v1/pets/%2e%2e/x y'],
    ['/v1/pets/9223372036854775808#frag'],
    ['/v1/pets/\u00e9?q=\u00fc'],
  ])('send %s exactly as undici.request does', async (path) => {
    const url = `${origin}${path}`;
    expect(await echo(undici.request, url)).toEqual(await echo(entry.request, url));
    const post = { method: 'POST', body: '{"name":"x"}' };
    expect(await echo(undici.request, url, post)).toEqual(await echo(entry.request, url, post));
  });

  it('refuse a URL that is not http(s), as undici.request does', async () => {
    await expect(echo(undici.request, 'ftp://127.0.0.1/v1')).rejects.toThrow();
    await expect(echo(entry.request, 'ftp://127.0.0.1/v1')).rejects.toThrow();
  });
});
