import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { createRedactor, redactExchange } from '../../src/http/redaction.ts';
import type { AppResponse } from '../../src/reference/index.ts';
import { serveForFile } from '../support/servers.ts';

const KEY = 'client-test-key';

const server = await serveForFile((req): AppResponse => {
  if (req.path.endsWith('/hang')) return { status: 200, hang: true };
  if (req.path.endsWith('/boom'))
    return { status: 503, raw: 'down', headers: { 'content-type': 'text/plain' } };
  if (req.path.endsWith('/big')) return { status: 200, raw: 'x'.repeat(3000) };
  if (req.path.endsWith('/endless')) return { status: 200, raw: 'x'.repeat(20_000) };
  if (req.path.endsWith('/gzip')) {
    return {
      status: 200,
      raw: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    };
  }
  if (req.path.endsWith('/accept-encoding')) {
    return { status: 200, json: { asked: req.headers['accept-encoding'] ?? null } };
  }
  // The key spelled with JSON escapes: not in the text as is, but in the parsed value.
  if (req.path.endsWith('/escaped')) {
    const hidden = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return { status: 200, raw: `{"echoed":"${hidden.join('')}"}` };
  }
  return {
    status: 200,
    json: { echoed: req.headers.authorization },
    headers: { 'x-echo': req.headers.authorization ?? '' },
  };
});

const recorded: Exchange[] = [];
const client = createClient({
  baseUrl: server.baseUrl,
  apiKey: KEY,
  timeoutMs: 300,
  maxBodyBytes: 1000,
  onExchange: (ex) => recorded.push(ex),
});
afterAll(() => client.close());

describe('http client', () => {
  it('sends the key as a bearer token and hands over the raw exchange, to be judged as it was', async () => {
    const ex = await client.send({ method: 'GET', path: '/pets' });
    expect(ex.response?.status).toBe(200);
    expect(ex.request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(ex.response?.json).toEqual({ echoed: `Bearer ${KEY}` });
    expect(recorded).toContain(ex);
    // Redacted where it leaves the harness, echo included.
    const out = redactExchange(ex, createRedactor([KEY]));
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.request.headers.authorization).toBe('Bearer [REDACTED]');
    expect(out.response?.headers['x-echo']).toBe('Bearer [REDACTED]');
  });

  it('carries who sent a request into its exchange, and nothing when no one is named', async () => {
    const ex = await client.send({ method: 'GET', path: '/pets', check: 'AUTH-LIST-NO-KEY' });
    expect(ex.check).toBe('AUTH-LIST-NO-KEY');
    expect(recorded.at(-1)?.check).toBe('AUTH-LIST-NO-KEY');
    expect('check' in (await client.send({ method: 'GET', path: '/pets' }))).toBe(false);
  });

  it('a body that spells the key with JSON escapes is redacted on the way out', async () => {
    const ex = await client.send({ method: 'GET', path: '/escaped' });
    expect(ex.response?.json).toEqual({ echoed: KEY });
    const out = redactExchange(ex, createRedactor([KEY]));
    expect(out.response?.body).toBe('{"echoed":"[REDACTED]"}');
  });

  it('accepts only identity encoding, and says so of a body encoded anyway', async () => {
    const asked = await client.send({ method: 'GET', path: '/accept-encoding' });
    expect(asked.response?.json).toEqual({ asked: 'identity' });
    const ex = await client.send({ method: 'GET', path: '/gzip' });
    expect(ex.response?.json).toBeUndefined();
    expect(ex.response?.jsonError).toBe(
      "body has Content-Encoding 'gzip', but the request accepted only identity",
    );
  });

  it('treats a 5xx and a non-JSON body as data', async () => {
    const ex = await client.send({ method: 'GET', path: '/boom' });
    expect(ex.response?.status).toBe(503);
    expect(ex.response?.body).toBe('down');
    expect(ex.response?.jsonError).toBeDefined();
  });

  it('gives up on a hanging server at the deadline', async () => {
    const started = Date.now();
    const ex = await client.send({ method: 'GET', path: '/hang' });
    expect(ex.error).toEqual({ code: 'TIMEOUT', message: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('abandons a request when its sender says so, before the deadline', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const ex = await client.send({ method: 'GET', path: '/hang', signal: controller.signal });
    expect(ex.error).toEqual({ code: 'ABANDONED', message: 'abandoned by the harness' });
    expect(ex.durationMs).toBeLessThan(250);
  });

  it('cuts a body longer than the cap', async () => {
    const ex = await client.send({ method: 'GET', path: '/big' });
    expect(ex.response?.body).toHaveLength(1000);
    expect(ex.response?.truncated).toBe(true);
    expect(ex.response?.jsonError).toBe('cut at the size cap');
    // Read to its end past the cap, its octets dropped: an answer too large, not an endless one.
    expect(ex.response?.wholeBytes).toBe(3000);
  });

  it('stops reading a body that goes on past four caps: it is taken for one that never ends', async () => {
    const ex = await client.send({ method: 'GET', path: '/endless' });
    expect(ex.response?.body).toHaveLength(1000);
    expect(ex.response?.truncated).toBe(true);
    expect(ex.response?.wholeBytes).toBeUndefined();
  });

  it('names a refused connection', async () => {
    const closed = createClient({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: KEY,
      timeoutMs: 1000,
    });
    const ex = await closed.send({ method: 'GET', path: '/pets' });
    await closed.close();
    expect(ex.error?.code).toBe('ECONNREFUSED');
  });

  it('keeps the /v1 prefix and sends raw query strings as given', async () => {
    const ex = await client.send({ method: 'GET', path: '/pets', query: 'limit=&status=sold' });
    expect(ex.request.url).toBe(`${server.baseUrl}/pets?limit=&status=sold`);
  });
});
