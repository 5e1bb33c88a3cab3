import { afterAll, describe, expect, it } from 'vitest';
import { startFault } from '../faults/catalog.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';

const KEY = 'sunset-key-0123456789';

async function referenceOn(day: string) {
  const server = await startFault(
    { name: `reference-on-${day}`, description: '', wrap: (app) => app, today: day },
    KEY,
  );
  afterAll(() => server.close());
  return server;
}

describe('the getPet sunset, judged by the local clock or --now', async () => {
  const after = await referenceOn('2031-01-15');
  const close = await referenceOn('2030-11-01');

  it('after the date by --now: getPet gone, its checks skipped, exit 0', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      after.baseUrl,
      '--api-key',
      KEY,
      '--seed',
      '1',
      '--now',
      '2031-01-15',
      // The checks it reads (a whole run judges nothing more of the sunset, in 5x the time).
      '--only',
      'SUNSET,GET-200-PET,LIST-200-PETS,CREATE-201-PET',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Today is 2031-01-15, from --now; getPet was removed on 2030-12-05',
    );
    expect(result.stdout).not.toContain("target's clock");
    const report = readReport(result);
    expect(report.sunset).toEqual({
      date: '2030-12-05',
      today: '2031-01-15',
      todaySource: 'flag',
      daysLeft: 0,
      warnWithinDays: 180,
    });
    const verdicts = Object.fromEntries(report.checks.map((c) => [c.id, c.verdict]));
    expect(verdicts['SUNSET-GET-LIFECYCLE']).toBe('pass');
    expect(verdicts['GET-200-PET']).toBe('skip');
    expect(verdicts['LIST-200-PETS']).toBe('pass');
    expect(verdicts['CREATE-201-PET']).toBe('pass');
  });

  it("the target's Date cannot move the run past the sunset: judged by the local clock, the skew said", async () => {
    const result = await runCli([
      'run',
      '--base-url',
      after.baseUrl,
      '--api-key',
      KEY,
      '--seed',
      '1',
      '--only',
      'SUNSET',
    ]);
    const localDay = new Date().toISOString().slice(0, 10);
    expect(result.stdout).toContain(`Today is ${localDay}, from the local clock`);
    expect(result.stdout).toMatch(
      /warning: the target's clock says 2031-01-15T[\d:.]+Z, \d+ days ahead of the local clock/,
    );
    const report = readReport(result);
    expect(report.sunset.todaySource).toBe('local');
    expect(report.sunset.targetClock?.targetDate).toMatch(/^2031-01-15T/);
    expect(readArtifacts(result)['summary.md']).toContain("the target's clock says 2031-01-15");
    // Before the sunset by the local clock, a getPet that is gone already breaks the contract.
    expect(result.code).toBe(1);
    const lifecycle = report.checks.find((c) => c.id === 'SUNSET-GET-LIFECYCLE');
    expect(lifecycle?.verdict).toBe('fail');
  });

  it('within 180 days of the date: the countdown warns, in every report', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      close.baseUrl,
      '--api-key',
      KEY,
      '--seed',
      '1',
      '--now',
      '2030-11-01',
      '--only',
      'SUNSET',
    ]);
    expect(result.code).toBe(0);
    const countdown = readReport(result).checks.find((c) => c.id === 'SUNSET-COUNTDOWN');
    expect(countdown).toMatchObject({
      verdict: 'warn',
      message: expect.stringContaining('34 days left'),
    });
    const artifacts = readArtifacts(result);
    expect(artifacts['summary.md']).toContain('getPet sunset 2030-12-05: 34 days left');
    expect(artifacts['junit.xml']).toContain('WARNING: 34 days left');
  });

  it('--sunset-warn-days narrows the window, and --now judges another day than the target lives on', async () => {
    const narrow = await runCli([
      'run',
      '--base-url',
      close.baseUrl,
      '--api-key',
      KEY,
      '--seed',
      '1',
      '--now',
      '2030-11-01',
      '--sunset-warn-days',
      '30',
      '--only',
      'SUNSET',
    ]);
    expect(readReport(narrow).checks.find((c) => c.id === 'SUNSET-COUNTDOWN')?.verdict).toBe(
      'pass',
    );
    const early = await runCli([
      'run',
      '--base-url',
      after.baseUrl,
      '--api-key',
      KEY,
      '--seed',
      '1',
      '--now',
      '2030-12-04',
      '--only',
      'SUNSET',
    ]);
    expect(early.code).toBe(1);
    const lifecycle = readReport(early).checks.find((c) => c.id === 'SUNSET-GET-LIFECYCLE');
    expect(lifecycle?.message).toContain('removed before the sunset');
    expect(readReport(early).sunset.todaySource).toBe('flag');
  });
});
