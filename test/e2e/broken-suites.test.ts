import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { tempDir } from '../support/temp.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * A copy of the harness whose suite file throws as it loads: the suites' worker then never
 * reaches the gate the CLI waits at (src/bridge/gate.ts), and the run must end anyway.
 */
function brokenCopy(): string {
  const dir = tempDir('pc-broken-');
  for (const part of ['src', 'suites', 'bin', 'schemas', 'package.json']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const entry = join(dir, 'suites', 'all.ts');
  writeFileSync(
    entry,
    `throw new Error('this suite file is broken');\n${readFileSync(entry, 'utf8')}`,
  );
  return dir;
}

const copy = brokenCopy();
const bin = join(copy, 'bin', 'petstore-conformance.mjs');
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('suites that fail to load', () => {
  it('end the run with exit 2 and one line naming the failure, not a wait at the gate', async () => {
    const result = await runCli(['run', '--profile', 'ci'], { bin, timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'petstore-conformance: could not judge the target: suites/all.ts: this suite file is broken',
    ]);
    expect(result.stdout).toContain('Could not judge the target: 0 passed, 0 failed');
  });

  it('end a run whose preflight failed too: the CLI sends no run through the gate', async () => {
    const args = ['run', '--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'long-enough-key'];
    const result = await runCli(args, { bin, timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('127.0.0.1:9');
  });
});
