import { afterAll, describe, expect, it } from 'vitest';
import { RELATIONS } from '../../src/checks/equivalence-table.ts';
import { findFault, startFault } from '../faults/catalog.ts';
import { readReport, runCli } from '../support/cli.ts';
import { expectNoKey } from '../support/key-forms.ts';

const KEY = 'Zq8xK2mw91tr44kk0pVb';

describe('equivalent requests (docs/equivalences.md), through the CLI', async () => {
  const lowercase = await startFault(findFault('lowercase-bearer-unchecked'), KEY);
  afterAll(() => lowercase.close());

  it.each([
    ['the ci profile’s seed', []],
    ['another seed', ['--seed', '7']],
  ])(
    'ci with %s: every relation sent with each key state, counted in report.json; the reference passes',
    async (_, seed) => {
      const result = await runCli(['run', '--profile', 'ci', '--only', 'EQUIV', ...seed]);
      const report = readReport(result);
      expect(result.code).toBe(0);
      const counts = report.coverage.equivalences ?? {};
      for (const relation of RELATIONS)
        expect(counts[relation.id], relation.id).toBeGreaterThanOrEqual(3);
    },
  );

  it('a server that serves lower-case "bearer" with any token: exit 1, served without the key, and no key in any output', async () => {
    const result = await runCli(['run', '--base-url', lowercase.baseUrl, '--profile', 'ci'], {
      env: { PETSTORE_API_KEY: KEY },
    });
    const check = readReport(result).checks.find((c) => c.id === 'EQUIV-CREDENTIALS');
    expect(check?.verdict).toBe('fail');
    expect(check?.message).toContain('served without the right key');
    expect(check?.exchanges[0]?.curl).toContain('bearer pc-wrong-key-0000');
    expect(result.code).toBe(1);
    expectNoKey(result, KEY);
  });
});
