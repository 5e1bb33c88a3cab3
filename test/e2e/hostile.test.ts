import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/reference/index.ts';
import { readReport, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';
import { tempDir } from '../support/temp.ts';

const KEY = 'hostile-key-0123456789';

/** exit 2, one line on stderr naming the problem, no stack trace, quickly. */
function expectHarnessError(result: Awaited<ReturnType<typeof runCli>>, message: string) {
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  // Generous for a loaded 2-core machine; a hang or a retry loop takes far longer.
  expect(result.durationMs).toBeLessThan(30_000);
}

describe('harness-level failures and hostile answers', async () => {
  it('a DNS name that does not resolve: exit 2, one line', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      'http://no-such-host.invalid/v1',
      '--api-key',
      KEY,
      '--timeout',
      '3000',
    ]);
    expectHarnessError(result, 'cannot reach http://no-such-host.invalid/v1');
  });

  // A redirect is a verdict, never followed: the key must not reach another origin.
  const elsewhere: string[] = [];
  const other = await listen((req) => {
    elsewhere.push(`${req.method} ${req.path} ${req.headers.authorization ?? ''}`);
    return { status: 200, json: [] };
  });
  const redirecting = await listen((req) => ({
    status: 302,
    headers: { location: `${other.origin}${req.path}` },
    raw: '',
  }));

  const tls = join(import.meta.dirname, '..', 'fixtures', 'tls');
  const selfSigned = createServer(
    {
      key: readFileSync(join(tls, 'self-signed.key')),
      cert: readFileSync(join(tls, 'self-signed.crt')),
    },
    (_req, res) => res.end('[]'),
  );
  await new Promise<void>((resolve) => selfSigned.listen(0, '127.0.0.1', resolve));
  const tlsPort = (selfSigned.address() as { port: number }).port;
  const plain = await listen(() => ({ status: 200, json: [] }));
  afterAll(async () => {
    selfSigned.close();
    await plain.close();
    await other.close();
    await redirecting.close();
  });

  it('a TLS certificate that does not verify: exit 2, one line', async () => {
    const url = `https://127.0.0.1:${tlsPort}/v1`;
    const result = await runCli(['run', '--base-url', url, '--api-key', KEY]);
    expectHarnessError(
      result,
      `cannot reach ${url}: TLS certificate rejected: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)`,
    );
  });

  it('https to a server that does not speak TLS: exit 2, one line', async () => {
    const url = plain.baseUrl.replace('http:', 'https:');
    const result = await runCli(['run', '--base-url', url, '--api-key', KEY]);
    expectHarnessError(result, `cannot reach ${url}: TLS handshake failed: wrong version number`);
  });

  it('a host that cannot be reached (a TEST-NET address): exit 2, one line', async () => {
    const url = 'http://192.0.2.1/v1';
    const result = await runCli(['run', '--base-url', url, '--api-key', KEY, '--timeout', '1000']);
    expectHarnessError(result, `cannot reach ${url}: `);
  });

  it('an unwritable report dir: exit 2 before any request is sent', async () => {
    const file = join(tempDir('pc-ro-'), 'a-file');
    writeFileSync(file, '');
    const result = await runCli(['run', '--profile', 'ci'], { reportDir: join(file, 'reports') });
    expectHarnessError(
      result,
      `cannot write reports to ${join(file, 'reports')}: ${file} is a file, not a folder`,
    );
    expect(result.stdout).not.toContain('started the embedded reference server');
  });

  it('a 3xx is judged, not followed, and the key never goes to the other origin', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      redirecting.baseUrl,
      '--api-key',
      KEY,
      '--profile',
      'ci',
    ]);
    expect(result.code).toBe(1);
    expect(elsewhere).toEqual([]);
    const list = readReport(result).checks.find((c) => c.id === 'LIST-200-PETS');
    expect(list).toMatchObject({ verdict: 'fail', message: 'expected 200, got 302' });
  });

  // RFC 9110 15.2: a client must be able to parse an interim 1xx it did not ask for.
  const interim = (server: RunningServer, on: (method: string, path: string) => boolean) =>
    server.server.prependListener('request', (req, res) => {
      if (on(req.method ?? '', new URL(req.url ?? '/', 'http://h').pathname)) res.writeContinue();
    });
  const alwaysContinue = await serveWrappedForFile('continue-always', (app) => app, KEY);
  interim(alwaysContinue, () => true);

  it('a 100 Continue before every answer: read past, the answer after it judged, exit 0', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      alwaysContinue.baseUrl,
      '--api-key',
      KEY,
      '--profile',
      'ci',
    ]);
    const report = readReport(result);
    expect(report.checks.filter((c) => c.verdict !== 'pass' && c.verdict !== 'skip')).toEqual([]);
    expect(report.checks.find((c) => c.id === 'GET-200-PET')?.verdict).toBe('pass');
    expect(result.code).toBe(0);
  });
});
