import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/reference/app.ts';
import { listen } from '../../src/reference/index.ts';
import type { Handler } from '../../src/reference/types.ts';
import { findFault } from '../faults/catalog.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';

const KEY = 'e2e-header-test-key-0123456789';
const TENANT = 'tenant-secret-value-4242';
const TRACE = 'trace-7f3a9c';

/**
 * A gateway that answers 403 without the tenant header, echoes it back in a header and in the
 * body, and (behind it) a service that ignores the key: every check fails with evidence.
 */
function gateway(seen: string[]): Handler {
  const service = findFault('auth-ignored').wrap(createReferenceApp({ apiKey: KEY }), {
    apiKey: KEY,
    clock: () => new Date(),
    reference: (options = {}) => createReferenceApp({ apiKey: KEY, ...options }),
  });
  return async (req) => {
    const tenant = req.headers['x-tenant'] ?? '';
    seen.push(tenant);
    if (tenant !== TENANT)
      return { status: 403, json: { code: 'tenant', message: 'no tenant', status: 403 } };
    const res = await service(req);
    return {
      ...res,
      headers: {
        ...res.headers,
        'x-echo-tenant': tenant,
        'x-echo-trace': req.headers['x-trace-id'] ?? '',
      },
    };
  };
}

describe('-H/--header', () => {
  const seen: string[] = [];
  const server = listen(gateway(seen));
  afterAll(async () => (await server).close());

  it('sends the headers with every request, and hides their values like the key in every output', async () => {
    const { baseUrl } = await server;
    const result = await runCli(
      [
        'run',
        '--base-url',
        baseUrl,
        '--only',
        'AUTH-LIST,LIST-200',
        '-H',
        `X-Tenant: ${TENANT}`,
        '--header',
        `X-Trace-Id:${TRACE}`,
      ],
      { env: { PETSTORE_API_KEY: KEY } },
    );
    expect(result.code).toBe(1);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((t) => t === TENANT)).toBe(true);
    const report = readReport(result);
    expect(report.options.headers).toEqual(['x-tenant', 'x-trace-id']);
    const failed = report.checks.find((c) => c.verdict === 'fail');
    expect(failed?.exchanges[0]?.curl).toContain(`-H 'x-tenant: [SECRET]'`);
    const outputs = { ...readArtifacts(result), stdout: result.stdout, stderr: result.stderr };
    for (const [name, text] of Object.entries(outputs)) {
      expect(text.includes(TENANT), `${name} shows the -H value`).toBe(false);
      expect(text.includes(TRACE), `${name} shows the -H value`).toBe(false);
      expect(text.includes(KEY), `${name} shows the key`).toBe(false);
    }
  });

  it('--header-public shows the values, and PETSTORE_HEADERS holds one a line', async () => {
    const { baseUrl } = await server;
    const result = await runCli(
      ['run', '--base-url', baseUrl, '--only', 'LIST-200', '--header-public'],
      {
        env: {
          PETSTORE_API_KEY: KEY,
          PETSTORE_HEADERS: `X-Tenant: ${TENANT}\nX-Trace-Id: ${TRACE}`,
        },
      },
    );
    expect(result.code).toBe(0);
    const har = readArtifacts(result)['exchanges.har'] ?? '';
    expect(har).toContain(TENANT);
    expect(har).toContain(TRACE);
    expect(har).not.toContain(KEY);
  });

  it.each([
    [['-H', 'X-Tenant'], '--header must be NAME:VALUE'],
    [['-H', 'Bad Name: v'], "--header: 'Bad Name' is not a header name"],
    [['-H', 'Authorization: Bearer zzz-not-shown'], 'the harness sets Authorization itself'],
    [['-H', 'X-A: 1', '-H', 'x-a: 2'], '--header: x-a is given twice'],
  ])('%j: exit 2 with one line that never shows the value', async (args, message) => {
    const result = await runCli(['run', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('zzz-not-shown');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
