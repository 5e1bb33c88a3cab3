import { describe, expect, it } from 'vitest';
import type { Handler } from '../../src/reference/index.ts';
import { type CliResult, readReport, runCli } from '../support/cli.ts';
import { expectNoKey } from '../support/key-forms.ts';
import { serveWrappedForFile } from '../support/servers.ts';

const KEY = 'slow-key-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const serve = (name: string, wrap: (app: Handler) => Handler) =>
  serveWrappedForFile(name, wrap, KEY);

// The run's budget here, and how long past it a run may take on a loaded 2-core machine:
// start-up, the requests in flight at the deadline, and the reports.
const BUDGET_S = 10;
const SLACK_MS = 60_000;

function run(baseUrl: string): Promise<CliResult> {
  const args = ['--profile', 'ci', '--timeout', '1000', '--max-duration', String(BUDGET_S)];
  return runCli(['run', '--base-url', baseUrl, ...args], { env: { PETSTORE_API_KEY: KEY } });
}

describe('slow targets get a verdict within the run time budget', async () => {
  // Every answer comes late, but within the deadline of each request.
  const slow = await serve('slow-but-in-time', (app) => async (req) => {
    await sleep(600);
    return app(req);
  });
  // Every answer is a 429 asking for patience.
  const patient = await serve('retry-after-everywhere', () => () => ({
    status: 429,
    headers: { 'retry-after': '2' },
    json: { code: 'rate_limited', message: 'Slow down.', status: 429 },
  }));

  it('an answer close to --timeout every time: checks judged until the budget, the rest unjudged', async () => {
    const result = await run(slow.baseUrl);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.durationMs).toBeLessThan(BUDGET_S * 1000 + SLACK_MS);
    const report = readReport(result);
    expect(report.verdict).toBe('conformant');
    expect(report.checks.filter((c) => c.verdict === 'fail')).toEqual([]);
    expect(report.checks.filter((c) => c.verdict === 'pass').length).toBeGreaterThan(0);
    const outOfTime = report.checks.filter((c) => c.message.includes('time budget'));
    expect(outOfTime.length).toBeGreaterThan(0);
    // Left unjudged by the run's own time budget: not the target's failure.
    expect(outOfTime.every((c) => c.verdict === 'unjudged' && c.code === 'out-of-time')).toBe(true);
    expectNoKey(result, KEY);
    expect(result.stdout).toContain('clauses not judged: ');
  });

  it('a 429 with Retry-After on every answer: waited out only within the budget, then judged', async () => {
    const result = await run(patient.baseUrl);
    expect(result.durationMs).toBeLessThan(BUDGET_S * 1000 + SLACK_MS);
    const report = readReport(result);
    // A loaded machine may spend the budget before any MUST check is judged, and a 429 that
    // stays after the waits leaves its MUST checks unjudged: inconclusive, and said so in one
    // line; never a harness error.
    expect(report.harnessErrors).toEqual([]);
    if (report.verdict === 'inconclusive') {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/inconclusive: (no MUST check was judged|\d+ MUST check)/);
    } else {
      expect([0, 1]).toContain(result.code);
      expect(result.stderr).toBe('');
    }
    // The contract leaves rate limits open: a 429 with an Error body never fails a check.
    const failures = report.checks.filter((c) => c.verdict === 'fail');
    for (const check of failures) expect(check.message, check.id).not.toContain('429');
  });
});
