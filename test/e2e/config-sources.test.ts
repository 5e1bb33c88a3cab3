import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/index.ts';
import { readReport, runCli, tempDir } from '../support/cli.ts';

/** A working folder holding the given files (a .env, a config file). */
function workingFolder(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('configuration mistakes, as the CLI says them', () => {
  it('a bad value in .env names the variable and .env, not a flag', async () => {
    const cwd = workingFolder({ '.env': 'PETSTORE_TIMEOUT_MS=5s\n' });
    const result = await runCli(['run'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "petstore-conformance: PETSTORE_TIMEOUT_MS in .env must be an integer from 1 to 600000, got '5s'\n",
    );
  });

  it('an unknown PETSTORE_* variable is a warning with the nearest known name; the run goes on', async () => {
    const result = await runCli(['run', '--only', 'LIST-200'], {
      env: { PETSTORE_REPORTDIR: 'elsewhere' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'warning: PETSTORE_REPORTDIR (the environment) is not a variable of petstore-conformance: did you mean PETSTORE_REPORT_DIR?',
    );
  });

  describe('a key the target refuses', () => {
    const server = startReferenceServer({ apiKey: 'the-right-key-0123456789' });
    afterAll(async () => (await server).close());

    it.each([
      [
        'the environment',
        [],
        { PETSTORE_API_KEY: 'a-wrong-key-0123456789' },
        'check PETSTORE_API_KEY (environment)',
      ],
      ['a flag', ['--api-key', 'a-wrong-key-0123456789'], {}, 'check --api-key'],
    ])('given in %s: the hint names where it came from', async (_, args, env, hint) => {
      const { baseUrl } = await server;
      const result = await runCli(['run', '--base-url', baseUrl, ...args], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`rejected the API key (401 on GET /pets): ${hint}\n`);
      expect(result.stderr).not.toContain('a-wrong-key-0123456789');
    });
  });
});

describe('a config file kept in the repository', () => {
  it('petstore-conformance.config.json sets the run; flags, the environment and .env win over it', async () => {
    const cwd = workingFolder({
      'petstore-conformance.config.json': JSON.stringify({
        profile: 'ci',
        only: ['LIST-200'],
        runs: 3,
        seed: 5,
      }),
      '.env': 'PETSTORE_RUNS=4\n',
    });
    const result = await runCli(['run', '--seed', '6'], { cwd });
    expect(result.code).toBe(0);
    const report = readReport(result);
    expect(report).toMatchObject({ profile: 'ci', runs: 4, seed: 6 });
    expect(report.options.only).toEqual(['LIST-200']);
  });

  it('a setting it does not know is exit 2 naming the file and the nearest setting', async () => {
    const cwd = workingFolder({
      'package.json': JSON.stringify({ 'petstore-conformance': { profiel: 'ci' } }),
    });
    const result = await runCli(['run'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'petstore-conformance: package.json "petstore-conformance": unknown setting "profiel": did you mean "profile"?\n',
    );
  });
});
