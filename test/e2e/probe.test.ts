import { afterAll, describe, expect, it } from 'vitest';
import { startFault } from '../faults/catalog.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'probe-key-0123456789';

describe('the probe profile', async () => {
  const methods: string[] = [];
  const server = await startFault(
    {
      name: 'method-counter',
      description: 'The reference, counting the methods it receives.',
      wrap: (app) => (req) => {
        methods.push(req.method);
        return app(req);
      },
    },
    KEY,
  );
  afterAll(() => server.close());

  it('sends no POST, says so, and skips what writes', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      server.baseUrl,
      '--api-key',
      KEY,
      '--profile',
      'probe',
    ]);
    expect(result.code).toBe(0);
    expect(methods.length).toBeGreaterThan(10);
    expect(methods.filter((m) => m !== 'GET')).toEqual([]);
    expect(result.stdout).toContain('Read-only: this run sends no POST and creates nothing.');
    const report = readReport(result);
    expect(report.readOnly).toBe(true);
    expect(report.profile).toBe('probe');
    const created = report.checks.find((c) => c.id === 'CREATE-201-PET');
    expect(created).toMatchObject({
      verdict: 'skip',
      message: 'writes, and this run is read-only (probe profile)',
    });
    expect(report.checks.find((c) => c.id === 'AUTH-LIST-NO-KEY')?.verdict).toBe('pass');
  });
});
