import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { findVariant } from '../faults/variants.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'freedoms-key-0123456789abcdef';

// The store may be shared, and a pet's status may move on: checks that compare two
// observations must not blame the service for it, and must still catch one that shows a pet
// two ways at once.
describe('freedoms of the contract, through the CLI', async () => {
  const shared = await startFault(findVariant('other-client-writing'), KEY);
  const moving = await startFault(findVariant('status-transitions'), KEY);
  const stale = await startFault(findFault('get-stale-status'), KEY);
  afterAll(() => Promise.all([shared.close(), moving.close(), stale.close()]));
  const run = (baseUrl: string) =>
    runCli(['run', '--base-url', baseUrl, '--profile', 'ci'], { env: { PETSTORE_API_KEY: KEY } });

  it('another client renaming and deleting pets, the run’s own too: exit 0, at most warnings', async () => {
    const result = await run(shared.baseUrl);
    const report = readReport(result);
    expect(report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id)).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('statuses that move on by themselves: exit 0', async () => {
    const result = await run(moving.baseUrl);
    expect(readReport(result).checks.filter((c) => c.verdict === 'fail')).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('getPet showing a stale status while the pages show another: exit 1, two states at once', async () => {
    const result = await run(stale.baseUrl);
    const check = readReport(result).checks.find((c) => c.id === 'RUN-PET-CONSISTENT');
    expect(check?.verdict).toBe('fail');
    expect(check?.message).toContain('two states at once');
    expect(result.code).toBe(1);
  });
});
