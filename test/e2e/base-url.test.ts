import { afterAll, describe, expect, it } from 'vitest';
import { otherPrefix } from '../../src/engine/preflight.ts';
import { listen } from '../../src/reference/index.ts';
import { findFault, startFault } from '../faults/catalog.ts';
import { type CliResult, readReport, runCli } from '../support/cli.ts';

const KEY = 'base-url-key-0123456789';

function expectConfigError(result: CliResult, ...parts: string[]): void {
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  for (const part of parts) expect(result.stderr).toContain(part);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('a wrong base URL is a configuration error', async () => {
  const paths: string[] = [];
  const server = await startFault(
    {
      name: 'path-counter',
      description: 'The reference, counting requests.',
      wrap: (app) => (req) => {
        paths.push(req.path);
        return app(req);
      },
    },
    KEY,
  );
  const html = await listen(() => ({
    status: 200,
    headers: { 'content-type': 'text/html' },
    raw: '<!doctype html>\n<title>Welcome to nginx!</title>',
  }));
  afterAll(async () => {
    await server.close();
    await html.close();
  });

  const run = (baseUrl: string) =>
    runCli(['run', '--base-url', baseUrl, '--api-key', KEY], { timeoutMs: 30_000 });

  it('a missing /v1: exit 2 after a handful of requests, suggesting the URL that works', async () => {
    paths.length = 0;
    const result = await run(server.origin);
    expectConfigError(
      result,
      `GET /pets at ${server.origin} answered 404`,
      `try --base-url ${server.origin}/v1`,
    );
    expect(paths.length).toBeLessThanOrEqual(5);
  });

  it('an extra /v1: exit 2, suggesting the URL without it', async () => {
    paths.length = 0;
    const result = await run(`${server.baseUrl}/v1/`);
    expectConfigError(result, 'answered 404', `try --base-url ${server.baseUrl}`);
    expect(paths.length).toBeLessThanOrEqual(5);
  });

  it('a page that is not JSON at all: exit 2, quoting what came back', async () => {
    const result = await run(html.baseUrl);
    expectConfigError(
      result,
      `GET /pets at ${html.baseUrl} answered 200 with a body that is not JSON (text/html, "<!doctype html>\\n<title>`,
      'check --base-url',
    );
  });

  it('a 404 at the preflight: exit 2 with the --base-url hint, never a verdict', async () => {
    const result = await run(`${server.baseUrl}/nothing-here`);
    expectConfigError(result, 'answered 404', '--base-url');
  });

  it('otherPrefix adds or drops /v1', () => {
    expect(otherPrefix('http://h:1/v1/')).toBe('http://h:1');
    expect(otherPrefix('http://h:1/api')).toBe('http://h:1/api/v1');
  });
});

describe('a broken body from a base URL that answers the right routes is the target failing', async () => {
  const server = await startFault(findFault('list-200-not-json'), KEY);
  afterAll(() => server.close());

  it('a 200 labelled application/json that is not JSON: exit 1, the list checks failed', async () => {
    const result = await runCli(
      ['run', '--base-url', server.baseUrl, '--api-key', KEY, '--only', 'LIST-200-PETS'],
      { timeoutMs: 60_000 },
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).not.toContain('--base-url');
    const check = readReport(result).checks.find((c) => c.id === 'LIST-200-PETS');
    expect(check?.verdict).toBe('fail');
    expect(check?.message).toContain('not valid JSON');
  });
});
