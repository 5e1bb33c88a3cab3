import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { egressFor } from '../../src/bridge/redactor.ts';
import { CREDENTIAL_STATES, nearKeys } from '../../src/checks/auth-table.ts';
import { createClient } from '../../src/http/client.ts';
import { API_KEY_ENV, toCurl } from '../../src/http/curl.ts';
import { BASIC_KEY_FORMS } from '../../src/http/key-variants.ts';
import { REDACTED } from '../../src/http/redaction.ts';

describe('curl lines', () => {
  it('read the key from $PETSTORE_API_KEY and quote bodies for the shell', () => {
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:1/v1/pets',
      headers: { authorization: `Bearer ${REDACTED}`, 'content-type': 'application/json' },
      body: `{"name":"O'Brien $HOME"}`,
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/v1/pets' -H "authorization: Bearer \${PETSTORE_API_KEY}" -H 'content-type: application/json' --data-raw '{"name":"O'\\''Brien $HOME"}'`,
    );
  });

  it('keep a deliberately wrong credential as it was sent', () => {
    const line = toCurl({
      method: 'GET',
      url: 'http://h/v1/pets',
      headers: { authorization: 'Bearer nope' },
    });
    expect(line).toContain(`-H 'authorization: Bearer nope'`);
  });
});

/** What a server saw of one request: the path and query as sent, and the headers. */
interface Seen {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  httpVersion: string;
}

const run = promisify(execFile);
const seen: Seen[] = [];
const capture = createServer((req, res) => {
  seen.push({ url: req.url ?? '', headers: req.headers, httpVersion: req.httpVersion });
  req.resume();
  req.on('end', () => res.end());
});
await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
const ORIGIN = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => capture.close(() => resolve())));

/** Runs a curl line in `sh` with the key in the environment; what the server saw of it. */
async function replay(line: string, key: string): Promise<Seen> {
  seen.length = 0;
  await run('sh', ['-c', line], { env: { PATH: process.env.PATH, [API_KEY_ENV]: key } });
  const [one] = seen;
  if (!one) throw new Error(`no request arrived from: ${line}`);
  return one;
}

const queryOf = (url: string) => [...new URL(url, ORIGIN).searchParams];

// Every wrong credential of the auth table, sent and then reproduced from its record by curl
// itself: the line must send the very token that was sent, rebuilt from $PETSTORE_API_KEY, and
// never hold it. The second key needs percent-encoding in a query string.
describe('curl lines of every credential state', () => {
  const keys = ['Live-Key_0123456789abcXYZ', 'k3y+with/base64=Chars~ok*'];
  for (const key of keys) {
    const egress = egressFor(key);
    const sent = CREDENTIAL_STATES.flatMap((state) =>
      state.variants(key).map((variant) => ({ state: state.id, ...variant })),
    );
    it.each(sent.map((s) => [`${s.state}: ${s.label}`, s] as const))(
      `${key}: %s`,
      async (_name, variant) => {
        const query = variant.query ? `?limit=5&${new URLSearchParams(variant.query)}` : '';
        const headers: Record<string, string> = { accept: 'application/json', ...variant.headers };
        if (typeof variant.auth === 'object') headers.authorization = variant.auth.authorization;
        const request = { method: 'GET', url: `${ORIGIN}/v1/pets${query}`, headers };
        const line = toCurl(
          egress.exchange({ seq: 1, startedAt: '', durationMs: 0, request }).request,
        );
        const basic = BASIC_KEY_FORMS.map((form) => form.token(key));
        for (const token of [key, ...nearKeys(key).map((n) => n.token), ...basic]) {
          expect(line.includes(token), `the line holds ${token}`).toBe(false);
        }
        const got = await replay(line, key);
        expect(new URL(got.url, ORIGIN).pathname).toBe('/v1/pets');
        expect(queryOf(got.url)).toEqual(queryOf(request.url));
        // Servers drop a value's surrounding whitespace (RFC 9110 5.5): `Bearer ` arrives as `Bearer`.
        for (const [name, value] of Object.entries(headers)) {
          expect(got.headers[name], name).toBe(value.replace(/^[ \t]+|[ \t]+$/g, ''));
        }
      },
    );
  }

  it('show the key inside a Basic credential by a marker, and rebuild it with base64 in the shell', () => {
    const key = 'Live-Key_0123456789abcXYZ';
    const exchange = egressFor(key).exchange({
      seq: 1,
      startedAt: '',
      durationMs: 0,
      request: {
        method: 'GET',
        url: 'http://h/v1/pets',
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      },
      response: {
        status: 401,
        headers: { 'x-echo': Buffer.from(`x:${key}`).toString('base64') },
        body: `{"sent":"${Buffer.from(`:${key}`).toString('base64')}"}`,
      },
    });
    expect(exchange.request.headers.authorization).toBe('Basic [REDACTED:basic-user]');
    expect(exchange.response?.headers['x-echo']).toBe('[REDACTED:basic-x-password]');
    expect(exchange.response?.body).toBe('{"sent":"[REDACTED:basic-password]"}');
    expect(toCurl(exchange.request)).toContain(
      `"authorization: Basic $(printf '%s:' "$${API_KEY_ENV}" | base64 | tr -d '\\n')"`,
    );
  });

  it('show a case-changed token of a key beyond ASCII as a marker, not as the key', () => {
    const key = 'clé-secrète-0123456789';
    const upper = egressFor(key).exchange({
      seq: 1,
      startedAt: '',
      durationMs: 0,
      request: {
        method: 'GET',
        url: 'http://h/v1/pets',
        headers: { authorization: `Bearer ${key.toUpperCase()}` },
      },
    });
    expect(upper.request.headers.authorization).toBe('Bearer [REDACTED:variant]');
    expect(toCurl(upper.request)).toContain('Bearer [REDACTED:variant]');
  });
});

describe('curl lines of a path spelled otherwise (AUTH-PATH-SPELLINGS)', () => {
  // The client sent these as written (SendOptions.asWritten): the line must too.
  it.each([
    '/v1/./pets',
    '/v1/x/../pets/1',
    '//v1/pets',
    '/v1//pets//1',
    '/v1/pets/',
    '/V1/pets/1',
    '/v1/pets?x=/health',
  ])('%s goes as written', async (target) => {
    const line = toCurl({ method: 'GET', url: `${ORIGIN}${target}`, headers: {} });
    expect((await replay(line, 'unused')).url).toBe(target);
  });
});

describe('curl lines of a request target in absolute-form (RFC 9112 3.2.2)', () => {
  it('send the whole URL as the target, as the harness did', async () => {
    const url = `${ORIGIN}/v1/pets?limit=2`;
    const line = toCurl({ method: 'GET', url, headers: {}, absoluteForm: true });
    expect(line).toContain(`--request-target '${url}'`);
    expect((await replay(line, 'unused')).url).toBe(url);
    // Without it, curl writes origin-form.
    expect((await replay(toCurl({ method: 'GET', url, headers: {} }), 'unused')).url).toBe(
      '/v1/pets?limit=2',
    );
  });
});

describe('a request sent as HTTP/1.0 (RFC 9112 2.3)', () => {
  it('goes out with a 1.0 request line, is recorded so, and its curl line sends 1.0 too', async () => {
    const client = createClient({ baseUrl: `${ORIGIN}/v1`, apiKey: 'v10-key', timeoutMs: 2000 });
    seen.length = 0;
    const ex = await client.send({
      method: 'GET',
      path: '/pets',
      query: { limit: 2 },
      http10: true,
    });
    const plain = await client.send({ method: 'GET', path: '/pets' });
    await client.close();
    expect(ex.response?.status).toBe(200);
    expect(seen.map((s) => s.httpVersion)).toEqual(['1.0', '1.1']);
    expect(ex.request.httpVersion).toBe('1.0');
    expect(plain.request.httpVersion).toBeUndefined();
    const line = toCurl(ex.request);
    expect(line).toContain('--http1.0');
    expect((await replay(line, 'v10-key')).httpVersion).toBe('1.0');
  });
});

describe('a field sent as several field lines (RFC 9110 5.3)', () => {
  it('arrives as that many lines, is recorded a line apart, and the curl line sends each', async () => {
    const lines: string[][] = [];
    const server = createServer((req, res) => {
      lines.push(req.rawHeaders.filter((_, i, raw) => raw[i - 1]?.toLowerCase() === 'accept'));
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'k',
      timeoutMs: 2000,
    });
    try {
      const accept = ['text/plain;q=0.5', 'application/json'];
      const ex = await client.send({ method: 'GET', path: '/pets', headers: { accept } });
      expect(lines).toEqual([accept]);
      expect(ex.request.headers.accept).toBe('text/plain;q=0.5\napplication/json');
      const line = toCurl({
        ...ex.request,
        url: `${ORIGIN}/v1/pets`,
        headers: { accept: ex.request.headers.accept as string },
      });
      expect(line).toContain(`-H 'accept: text/plain;q=0.5' -H 'accept: application/json'`);
      // Node joins a repeated Accept with ", ": curl sent both lines.
      expect((await replay(line, 'unused')).headers.accept).toBe(accept.join(', '));
    } finally {
      await client.close();
      server.close();
    }
  });
});

describe('the curl line of a request sent after a HEAD of itself', () => {
  it('sends the HEAD with -I, then the request after --next, each with its fields', () => {
    const line = toCurl({
      method: 'GET',
      url: 'http://h/v1/pets?limit=2',
      headers: { authorization: 'Bearer [REDACTED]' },
      afterOwnHead: true,
    });
    expect(line).toBe(
      `curl -sS -i -I 'http://h/v1/pets?limit=2' -H "authorization: Bearer \${PETSTORE_API_KEY}" --next -sS -i -X GET 'http://h/v1/pets?limit=2' -H "authorization: Bearer \${PETSTORE_API_KEY}"`,
    );
  });
});
