import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/index.ts';
import { readReport, runCli, tempDir } from '../support/cli.ts';

/** A report folder that holds a conformant verdict of an earlier run. */
function staleFolder(): string {
  const dir = join(tempDir(), 'reports');
  mkdirSync(dir);
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ verdict: 'conformant' }));
  writeFileSync(join(dir, 'summary.md'), '# Petstore conformance: ✅ Conformant\n');
  return dir;
}

const reportAt = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Record<string, unknown>;

describe('a report folder that cannot be written', () => {
  it.each([
    ['under /proc (mkdir answers ENOENT)', '/proc/pc-no-such/reports', 'takes no new folders'],
    ['a file', 'FILE', 'is a file, not a folder'],
    ['below a file', 'FILE/reports', 'is a file, not a folder'],
  ])('%s: exit 2 at once, one line saying why, no loop', async (_, given, why) => {
    const file = join(tempDir(), 'taken');
    writeFileSync(file, 'not a folder');
    const dir = given.replace('FILE', file);
    const result = await runCli(['run', '--only', 'LIST-200'], {
      reportDir: dir,
      timeoutMs: 30_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`cannot write reports to ${dir}: `),
    ]);
    expect(result.stderr).toContain(why);
    // The loop ran for minutes; the check comes before the suites start.
    expect(result.durationMs).toBeLessThan(15_000);
  });
});

describe('reports an earlier run left', () => {
  const server = startReferenceServer({ apiKey: 'the-right-key-0123456789' });
  afterAll(async () => (await server).close());

  it('a run refused by the target replaces the old verdict with "error" and the reason', async () => {
    const dir = staleFolder();
    const { baseUrl } = await server;
    const result = await runCli(['run', '--base-url', baseUrl], {
      reportDir: dir,
      env: { PETSTORE_API_KEY: 'a-wrong-key-9876543210' },
    });
    expect(result.code).toBe(2);
    const report = reportAt(dir);
    expect(report).toMatchObject({
      verdict: 'error',
      reason: expect.stringContaining('rejected the API key'),
    });
    expect(report.unfinished).toBeUndefined();
    // The old summary would say "Conformant" to whoever reads the artifact: it is gone.
    expect(readdirSync(dir)).toEqual(['report.json']);
    expect(JSON.stringify(report)).not.toContain('a-wrong-key-9876543210');
  });

  it('a configuration mistake replaces the old verdict too', async () => {
    const dir = staleFolder();
    const result = await runCli(['run', '--timeout', '5s'], { reportDir: dir });
    expect(result.code).toBe(2);
    expect(reportAt(dir)).toMatchObject({
      verdict: 'error',
      reason: expect.stringContaining('--timeout'),
    });
  });

  it('a command line that does not parse replaces the old verdict in the folder it names', async () => {
    for (const joined of [false, true]) {
      const dir = staleFolder();
      const dirArgs = joined ? [`--report-dir=${dir}`] : ['--report-dir', dir];
      const result = await runCli(['run', '--no-such-flag', ...dirArgs], { reportDir: false });
      expect(result.code, result.stderr).toBe(2);
      expect(reportAt(dir), dirArgs.join(' ')).toMatchObject({
        verdict: 'error',
        reason: expect.stringContaining('--no-such-flag'),
      });
      expect(existsSync(join(dir, 'summary.md'))).toBe(false);
    }
  });

  it('a run that ends writes its reports whole: no temporary file stays, report.json is its own', async () => {
    const dir = staleFolder();
    const result = await runCli(['run', '--only', 'LIST-200'], { reportDir: dir });
    expect(result.code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-') || f.startsWith('.pc-'))).toEqual([]);
    expect(readReport(result)).toMatchObject({ verdict: 'conformant', seed: expect.any(Number) });
    expect(existsSync(join(dir, 'summary.md'))).toBe(true);
  });
});
