import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/reference/index.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'hostile-key-0123456789';

/** exit 2, one line on stderr naming the problem, no stack trace, quickly. */
function expectHarnessError(result: Awaited<ReturnType<typeof runCli>>, message: string) {
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.durationMs).toBeLessThan(10_000);
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

  it('an unwritable report dir: exit 2 before any request is sent', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pc-ro-')), 'a-file');
    writeFileSync(file, '');
    const result = await runCli(['run', '--profile', 'ci'], { reportDir: join(file, 'reports') });
    expectHarnessError(result, `cannot write reports to ${join(file, 'reports')}: ENOTDIR`);
    expect(result.stdout).not.toContain('started the embedded reference server');
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
  afterAll(async () => {
    await other.close();
    await redirecting.close();
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
});
