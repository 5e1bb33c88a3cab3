import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { readArtifacts, readReport, runCli, SOURCE_BIN } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

describe('the CLI, run as a newcomer would', () => {
  it('against the embedded reference server: exit 0, every check passes, five reports', async () => {
    // The newcomer's path: the source entry, through tsx (the other CLI tests run compiled code).
    const result = await runCli(['run', '--seed', '42'], { bin: SOURCE_BIN });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('started the embedded reference server at http://127.0.0.1:');
    expect(result.stdout).toMatch(/Conformant: \d+ passed, 0 failed, 0 warned, 0 skipped/);
    const report = readReport(result);
    expect(report.verdict).toBe('conformant');
    expect(report.seed).toBe(42);
    expect(report.target.embedded).toBe(true);
    expect(report.checks.length).toBeGreaterThan(10);
    for (const check of report.checks) expect(check.verdict, check.id).toBe('pass');
    const artifacts = readArtifacts(result);
    expect(Object.keys(artifacts).sort()).toEqual([
      'exchanges.har',
      'junit.xml',
      'metrics.prom',
      'report.html',
      'report.json',
      'summary.md',
    ]);
    const har = JSON.parse(artifacts['exchanges.har'] ?? '{}');
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(report.requests);
    expect(report.createdPets).toBeGreaterThan(100);
    expect(Object.keys(report.latency).sort()).toEqual(['createPet', 'getPet', 'listPets']);
  });

  it('appends summary.md to $GITHUB_STEP_SUMMARY when it is set', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const file = join(tempDir('pc-gh-'), 'summary');
    writeFileSync(file, '# earlier step\n');
    const result = await runCli(['run', '--profile', 'ci', '--only', 'AUTH-LIST'], {
      env: { GITHUB_STEP_SUMMARY: file },
    });
    expect(result.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# earlier step\n# Petstore conformance: ✅ Conformant')).toBe(true);
    const { summary } = readReport(result);
    expect(summary.failed).toBe(0);
    expect(summary.passed).toBeGreaterThan(0);
    expect(text).toContain(`| ${summary.total} | ${summary.passed} | 0 | 0 | ${summary.skipped} |`);
  });

  it('against a closed port: exit 2 with one line, fast', async () => {
    const result = await runCli(['run', '--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'k'], {
      timeoutMs: 45_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('cannot reach http://127.0.0.1:9/v1');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    // Generous for a loaded 2-core machine; a hang or a retry loop takes far longer.
    expect(result.durationMs).toBeLessThan(30_000);
  });

  describe('against a server that ignores the key', async () => {
    const apiKey = 'e2e-secret-key-3141';
    const server = await startFault(findFault('auth-ignored'), apiKey);
    afterAll(() => server.close());

    it('exit 1, the auth checks fail with evidence, and the key appears nowhere', async () => {
      const result = await runCli([
        'run',
        '--base-url',
        server.baseUrl,
        '--api-key',
        apiKey,
        '--seed',
        '1',
        // Every check, at ci's depth: the key must appear in no output of any of them.
        '--profile',
        'ci',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('NOT conformant');
      // The auth checks fail for one cause: said once, just before the verdict line.
      expect(result.stdout).toMatch(
        /\nCommon causes \(one fix each\):\n {2}\d+ checks: served without the right key\nNOT conformant/,
      );
      const report = readReport(result);
      expect(report.verdict).toBe('non-conformant');
      const noKey = report.checks.find((c) => c.id === 'AUTH-LIST-NO-KEY');
      expect(noKey).toMatchObject({
        verdict: 'fail',
        level: 'MUST',
        message: expect.stringContaining('expected 401, got 200'),
      });
      expect(noKey?.exchanges[0]?.curl).toContain(`curl -sS -i -X GET '${server.baseUrl}/pets'`);
      expect(result.stdout).toContain(
        `      reproduce: curl -sS -i -X GET '${server.baseUrl}/pets'`,
      );
      const withKey = report.checks.find((c) => c.id === 'LIST-200-PETS');
      expect(withKey?.verdict).toBe('pass');
      for (const [name, text] of Object.entries({
        ...readArtifacts(result),
        stdout: result.stdout,
        stderr: result.stderr,
      })) {
        expect(text.includes(apiKey), `${name} leaks the key`).toBe(false);
      }
    });
  });

  it('--help prints usage and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: petstore-conformance');
  });

  it('--version prints the name and version', async () => {
    const result = await runCli(['--version'], { reportDir: false });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^petstore-conformance \d+\.\d+\.\d+$/);
  });

  it.each([
    [
      'run',
      ['--base-url', '--seed', '--profile', '--allow-writes', 'runs 100'],
      ['--json', '--port'],
    ],
    ['serve', ['--port', '--host', '--api-key', '--now'], ['--seed', '--base-url', '--json']],
    ['merge', ['--report-dir', 'DIR...'], ['--seed', '--json', '--port']],
    ['list-checks', ['--json'], ['--seed', '--report-dir', '--port']],
  ])('%s --help lists its own flags only', async (command, has, hasNot) => {
    const result = await runCli([command, '--help'], { reportDir: false });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: petstore-conformance ${command}`);
    for (const text of has) expect(result.stdout).toContain(text);
    for (const flag of hasNot) expect(result.stdout).not.toMatch(new RegExp(`^  ${flag} `, 'm'));
  });

  it('colours a terminal run only when asked: FORCE_COLOR on a pipe, never with NO_COLOR', async () => {
    const args = ['run', '--only', 'LIST-200', '--seed', '1'];
    const forced = await runCli(args, { env: { FORCE_COLOR: '1' } });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('\u001b[32m✓\u001b[0m');
    expect(forced.stdout).toContain('\u001b[32mConformant');
    const piped = await runCli(args, { env: { NO_COLOR: '1' } });
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain('\u001b[');
  });

  it.each([
    [['run', '--bogus'], "unknown option '--bogus' (see run --help)"],
    [['run', '--json'], '--json is an option of list-checks, not of run (see run --help)'],
    [['--seed', '-5'], "--seed must be an integer from 0 to 4294967295, got '-5'"],
    [['run', '--runs', 'lots'], "--runs must be an integer from 1 to 100000, got 'lots'"],
    [['run', '--profile', 'nightly'], "unknown profile 'nightly'"],
    [['run', '--concurrency', '0'], '--concurrency'],
    [['run', '--base-url', 'http://127.0.0.1:9/v1'], 'no API key'],
    [['run', '--base-url', '::nope', '--api-key', 'k'], 'is not a valid URL'],
    [['run', '--only', 'LIST,NOPE'], 'no check id starts with NOPE (see list-checks)'],
  ])('%j: exit 2 with one line', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
