import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'Hx7rQ2vN9wK4mT6pB3zD';

// HTTP's own MUSTs (docs/contract.md): a warning in ci and full, a failure under certify, and
// the report names the RFC clause behind each.
describe("HTTP's own MUSTs, through the CLI", async () => {
  const noChallenge = await startFault(findFault('no-www-authenticate'), KEY);
  afterAll(() => noChallenge.close());
  const run = (profile: string) =>
    runCli(
      [
        'run',
        '--base-url',
        noChallenge.baseUrl,
        '--profile',
        profile,
        '--runs',
        '2',
        '--only',
        'HTTP,AUTH-LIST',
      ],
      { env: { PETSTORE_API_KEY: KEY } },
    );

  it.each([['ci'], ['full']])(
    '%s: a 401 without WWW-Authenticate warns, exit 0',
    async (profile) => {
      const result = await run(profile);
      const check = readReport(result).checks.find((c) => c.id === 'HTTP-401-CHALLENGE');
      expect(check?.verdict).toBe('warn');
      expect(check?.rfc).toContain('RFC 9110 15.5.2');
      expect(result.code).toBe(0);
    },
  );

  it('certify: the same 401 fails, exit 1, naming the RFC clause in the report and the summary', async () => {
    const result = await run('certify');
    const report = readReport(result);
    const check = report.checks.find((c) => c.id === 'HTTP-401-CHALLENGE');
    expect(check?.verdict).toBe('fail');
    expect(check?.level).toBe('RFC');
    expect(check?.message).toContain('RFC 9110 15.5.2');
    expect(result.stdout).toContain('HTTP-401-CHALLENGE');
    expect(result.code).toBe(1);
  });

  it('certify against the reference: both pass', async () => {
    const only = ['--only', 'HTTP,AUTH-LIST-NO-KEY'];
    const result = await runCli(['run', '--profile', 'certify', '--runs', '2', ...only]);
    expect(readReport(result).checks.map((c) => c.verdict)).toEqual(['pass', 'pass', 'pass']);
    expect(result.code).toBe(0);
  });
});
