import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/reference/app.ts';
import { listen } from '../../src/reference/index.ts';
import { githubAnnotations } from '../../src/report/annotations.ts';
import { readReport, runCli } from '../support/cli.ts';
import { report as fixture } from '../support/report-fixture.ts';

const KEY = 'e2e-annotation-key-0123456789';

describe('GitHub annotations', () => {
  // Any other credential gets a 403 that echoes it: failures that quote tokens near the key.
  const server = listen(async (req) => {
    if (req.headers.authorization !== `Bearer ${KEY}`)
      return { status: 403, raw: `got ${req.headers.authorization}` };
    return createReferenceApp({ apiKey: KEY })(req);
  });
  afterAll(async () => (await server).close());

  it('with GITHUB_ACTIONS=true: one ::error line per failed MUST check, titled by its id, never the key', async () => {
    const { baseUrl } = await server;
    const args = [
      'run',
      '--base-url',
      baseUrl,
      '--profile',
      'ci',
      '--only',
      'AUTH-LIST-NEAR-KEY,AUTH-LIST-WRONG-KEY,LIST-200',
    ];
    const result = await runCli(args, { env: { PETSTORE_API_KEY: KEY, GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(1);
    const failed = readReport(result).checks.filter(
      (c) => c.verdict === 'fail' && c.level === 'MUST',
    );
    const lines = result.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(failed.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(failed.length);
    for (const check of failed) {
      expect(lines).toContain(
        `::error title=${check.id}::${check.message.split('\n')[0]?.replaceAll('%', '%25')}`,
      );
    }
    expect(lines.join('\n')).toContain('[REDACTED]');
    expect(result.stdout).not.toContain(KEY);
    const plain = await runCli(args, { env: { PETSTORE_API_KEY: KEY } });
    expect(plain.stdout).not.toContain('::error');
  });

  it('escapes what would break a workflow command', () => {
    const report = structuredClone(fixture);
    const [check] = report.checks;
    if (!check) throw new Error('the fixture has no check');
    Object.assign(check, {
      verdict: 'fail',
      level: 'MUST',
      id: 'A,B:C',
      message: '100% wrong\r\nsecond line',
    });
    expect(githubAnnotations(report)).toEqual(['::error title=A%2CB%3AC::100%25 wrong']);
  });
});
