import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as entry from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Transfer, transfer } from '../../src/http/transfer.ts';
import { undici } from '../../src/http/undici.ts';

let server: Server;
let origin: string;

beforeAll(async () => {
  // Answers with what it was asked; /hang never answers, /slow-body sends half a body.
  server = createServer((req, res) => {
    if (req.url?.startsWith('/hang')) return;
    if (req.url?.startsWith('/slow-body')) {
      res.writeHead(200, { 'content-length': '10' });
      res.write('12345');
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('x-twice', ['a', 'b']);
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

async function withAgent<T>(
  work: (agent: InstanceType<typeof undici.Agent>) => Promise<T>,
  connections = 4,
) {
  const agent = new undici.Agent({ connections });
  try {
    return await work(agent);
  } finally {
    await agent.destroy();
  }
}

const base = (url: string): Transfer => ({
  url,
  method: 'GET',
  headers: {},
  body: undefined,
  timeoutMs: 2000,
  maxBodyBytes: 1 << 20,
});

describe('the parts of undici the client loads', () => {
  it("come from undici 7's own modules, not from its entry (which costs start-up)", () => {
    expect(undici.direct).toBe(true);
    expect(undici.errors.HeadersTimeoutError).toBe(entry.errors.HeadersTimeoutError);
    expect(new undici.Agent()).toBeInstanceOf(entry.Agent);
    expect(undici.parseHeaders).toBe(entry.util.parseHeaders);
  });
});

describe('transfer', () => {
  it.each([
    ['/v1/pets'],
    ['/v1/pets?limit=5&cursor=a%20b'],
    ['/v1/pets?'],
    ['/v1/pets/%2e%2e/x y'],
    ['/v1/pets/9223372036854775808#frag'],
    ['/v1/pets/\u00e9?q=\u00fc'],
  ])('sends %s and reads the answer as undici.request does', (path) =>
    withAgent(async (dispatcher) => {
      const url = `${origin}${path}`;
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', '{"name":"x"}'],
      ] as const) {
        const mine = await transfer(dispatcher, { ...base(url), method, body });
        const theirs = await entry.request(url, { dispatcher, method, body: body ?? null });
        const text = await theirs.body.text();
        expect(mine.status).toBe(theirs.statusCode);
        expect(mine.bytes.toString()).toBe(text);
        const { date: _a, ...headers } = mine.headers;
        const { date: _b, ...expected } = theirs.headers;
        expect(headers).toEqual(expected);
        expect(headers['x-twice']).toEqual(['a', 'b']);
        expect(mine.truncated).toBe(false);
      }
    }),
  );

  it('keeps the first maxBodyBytes of a longer body and marks it truncated', () =>
    withAgent(async (dispatcher) => {
      const got = await transfer(dispatcher, { ...base(`${origin}/v1/x`), maxBodyBytes: 7 });
      expect(got).toMatchObject({ status: 200, truncated: true });
      expect(got.bytes.toString()).toBe('{"metho');
    }));

  it('ends at its deadline, waiting for a connection, for headers or for the rest of a body', () =>
    withAgent(async (dispatcher) => {
      const hung = transfer(dispatcher, { ...base(`${origin}/hang`), timeoutMs: 300 });
      // One connection: the second request waits behind the first until the first gives up.
      const queued = transfer(dispatcher, { ...base(`${origin}/v1/x`), timeoutMs: 150 });
      await expect(hung).rejects.toMatchObject({ name: 'TimeoutError' });
      await expect(queued).rejects.toMatchObject({ name: 'TimeoutError' });
      const half = transfer(dispatcher, { ...base(`${origin}/slow-body`), timeoutMs: 300 });
      await expect(half).rejects.toMatchObject({ name: 'TimeoutError' });
    }, 1));

  it('ends when its signal aborts, before or after it is sent', () =>
    withAgent(async (dispatcher) => {
      const early = new AbortController();
      early.abort();
      const before = transfer(dispatcher, { ...base(`${origin}/v1/x`), signal: early.signal });
      await expect(before).rejects.toMatchObject({ name: 'AbortError' });
      const late = new AbortController();
      const during = transfer(dispatcher, { ...base(`${origin}/hang`), signal: late.signal });
      setTimeout(() => late.abort(), 50);
      await expect(during).rejects.toMatchObject({ name: 'AbortError' });
    }));

  it('lets any number of requests share one signal (a check does), without a listener each', () =>
    withAgent(async (dispatcher) => {
      const warnings: Error[] = [];
      const warn = (warning: Error) => warnings.push(warning);
      process.on('warning', warn);
      try {
        const shared = new AbortController();
        const all = Array.from({ length: 40 }, () =>
          transfer(dispatcher, { ...base(`${origin}/hang`), signal: shared.signal }),
        );
        setTimeout(() => shared.abort(), 50);
        const ends = await Promise.allSettled(all);
        expect(ends.map((end) => end.status === 'rejected' && end.reason.name)).toEqual(
          all.map(() => 'AbortError'),
        );
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.map(String)).toEqual([]);
      } finally {
        process.off('warning', warn);
      }
    }));

  it('refuses a URL that is not http(s)', async () => {
    await withAgent((dispatcher) =>
      expect(transfer(dispatcher, base('ftp://127.0.0.1/v1'))).rejects.toThrow(
        'not an http(s) URL',
      ),
    );
  });
});
