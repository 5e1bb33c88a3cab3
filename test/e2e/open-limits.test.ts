import { describe, expect, it } from 'vitest';
import { judgesClause } from '../../src/checks/types.ts';
import { readReport, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';

const KEY = 'open-limits-key-0123456789';

describe('a target that answers every request with a 429 Error', async () => {
  // No Retry-After: the first requests wait a guess (1, 2, 4 s), then the run waits no more.
  const limited = await serveWrappedForFile(
    'always-429',
    () => () => ({ status: 429, json: { code: 'rate_limited', message: 'no', status: 429 } }),
    KEY,
  );

  it('fails nothing, counts no clause judged that only a 429 answered, and is inconclusive', async () => {
    const result = await runCli(['run', '--base-url', limited.baseUrl, '--profile', 'ci'], {
      env: { PETSTORE_API_KEY: KEY },
    });
    const report = readReport(result);
    expect(report.checks.filter((c) => c.verdict === 'fail')).toEqual([]);
    const limitWarnings = report.checks.filter((c) => c.message.includes('rate limit'));
    expect(limitWarnings.length).toBeGreaterThan(20);
    for (const check of limitWarnings) {
      expect(check.verdict, check.id).toBe('unjudged');
      expect(check.code, check.id).toBe('rate-limited');
    }
    // A rate limit in front of a fault would hide it: the run cannot say conformant (exit 2).
    expect(report.verdict).toBe('inconclusive');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("the target's rate limit (429");
    // A clause counts as judged only through a check that judged it.
    const judged = new Set(report.checks.filter(judgesClause).map((c) => c.clause.id));
    expect(report.coverage.judged).toBe(judged.size);
    expect(report.coverage.notJudged).toEqual(
      expect.arrayContaining(['list200', 'create201', 'get200', 'listLimit', 'petFields']),
    );
    const line = result.stdout.split('\n').find((l) => /^(Conformant|Inconclusive)/.test(l));
    expect(line).toContain('create201');
  });
});
