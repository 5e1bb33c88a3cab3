import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'stability.mjs');

function stability(args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', timeout: 120_000 });
}

// `npm run stability` makes 20 runs of the full profile (about two minutes); CI makes two.
describe('the stability script', () => {
  it('runs the job several times in a row, each with its own seed, and all pass', () => {
    const result = stability(['--count', '2', '--profile', 'ci', '--seed', '40']);
    expect(result.stdout).toMatch(/run 1\/2 seed 40: pass/);
    expect(result.stdout).toMatch(/run 2\/2 seed 41: pass/);
    expect(result.stdout).toContain('2 of 2 runs passed');
    expect(result.status).toBe(0);
    // As long as the script may take (its spawn's 120 s): vitest's 60 s failed it on a loaded machine.
  }, 150_000);

  it('refuses a bad count with one line and exit 2', () => {
    const result = stability(['--count', 'lots']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('stability: --count must be a positive integer');
  });
});
