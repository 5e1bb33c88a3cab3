import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/checks/catalog.ts';
import type { RunReport } from '../../src/report/model.ts';
import { findFault, startFault } from '../faults/catalog.ts';
import { readReport, runCli, tempDir } from '../support/cli.ts';

const CHECKS = CATALOG.length;
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-conformance.mjs');

describe('an interrupted run', () => {
  it('Ctrl-C: exit 130, one line on stderr, a partial report of what was judged, no scratch files', async () => {
    const tmp = tempDir('pc-int-');
    const reports = join(tmp, 'reports');
    const child = spawn(process.execPath, [BIN, 'run', '--profile', 'full'], {
      cwd: tmp,
      env: { ...process.env, TMPDIR: tmp, PETSTORE_REPORT_DIR: reports },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => {
      child.stdout.on('data', (d) => {
        stdout += d;
        // The suites are running, and writing the exchange log: interrupt now.
        if (/ [✓✗!-] [A-Z]/.test(stdout) && !child.killed) child.kill('SIGINT');
      });
      child.on('close', resolve);
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(
      /^petstore-conformance: interrupted \(SIGINT\) after \d+ of \d+ checks; partial reports written to .*reports \(report\.json: "partial"\)\n$/,
    );
    const report = JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8')) as RunReport;
    expect(report.verdict).toBe('error');
    expect(report.partial).toMatch(
      new RegExp(`^interrupted \\(SIGINT\\) after \\d+ of ${CHECKS} checks$`),
    );
    expect(report.summary.passed).toBeGreaterThan(0);
    expect(report.summary.passed).toBeLessThan(CHECKS);
    expect(readFileSync(join(reports, 'summary.md'), 'utf8')).toContain('**Partial report**');
    expect(readdirSync(tmp).filter((f) => f.startsWith('pc-run-'))).toEqual([]);
  });
});

describe('--max-failures and --bail', () => {
  const apiKey = 'e2e-secret-key-2718281828';
  const server = startFault(findFault('auth-ignored'), apiKey);
  afterAll(async () => (await server).close());

  it.each([
    [['--max-failures', '2'], 2, 'stopped after 2 failed checks (--max-failures 2)'],
    [['--bail'], 1, 'stopped after 1 failed check (--max-failures 1)'],
  ])(
    '%j: stops at that many failures and reports what was judged, marked partial; exit 1',
    async (args, failed, why) => {
      const { baseUrl } = await server;
      const result = await runCli(['run', '--profile', 'ci', '--base-url', baseUrl, ...args], {
        env: { PETSTORE_API_KEY: apiKey },
      });
      expect(result.code).toBe(1);
      const report = readReport(result);
      expect(report.verdict).toBe('non-conformant');
      expect(report.partial).toMatch(
        new RegExp(`^${why.replace(/[()]/g, '\\$&')} after \\d+ of ${CHECKS} checks$`),
      );
      expect(report.summary.failed).toBe(failed);
      expect(result.stdout).toContain(`Partial: ${why}`);
      expect(result.stdout + result.stderr + JSON.stringify(report)).not.toContain(apiKey);
    },
  );

  it('--bail with --max-failures is one thing said twice: exit 2', async () => {
    const result = await runCli(['run', '--bail', '--max-failures', '3']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--bail is --max-failures 1: give one of them');
  });
});
