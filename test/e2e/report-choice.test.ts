import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.ts';

describe('--report', () => {
  it('writes the chosen reports, one at a path of its own, and report.json always', async () => {
    const dir = tempDir();
    const reports = join(dir, 'reports');
    mkdirSync(reports);
    // An earlier full run's HTML would tell an older story: it goes.
    writeFileSync(join(reports, 'report.html'), '<p>old</p>');
    const junit = join(dir, 'ci', 'results.xml');
    const result = await runCli(
      ['run', '--only', 'LIST-200', '--report', `junit=${junit},markdown`],
      {
        reportDir: reports,
      },
    );
    expect(result.code).toBe(0);
    expect(readdirSync(reports).sort()).toEqual(['report.json', 'summary.md']);
    expect(existsSync(junit)).toBe(true);
    expect(result.stdout).toContain(
      `Reports: ${join(reports, 'report.json')}, ${junit}, ${join(reports, 'summary.md')}`,
    );
  });

  it('PETSTORE_REPORT the same; an unknown format is exit 2 naming the nearest', async () => {
    const chosen = await runCli(['run', '--only', 'LIST-200'], { env: { PETSTORE_REPORT: 'har' } });
    expect(chosen.code).toBe(0);
    expect(readdirSync(chosen.reportDir).sort()).toEqual(['exchanges.har', 'report.json']);
    const wrong = await runCli(['run', '--report', 'jnuit']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--report: unknown report 'jnuit' (did you mean junit?)");
  });
});
