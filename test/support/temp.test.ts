import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';

describe("a test's temporary folders", () => {
  let left = '';

  it('a CLI run works in a folder of its own', async () => {
    const result = await runCli(['--version'], { reportDir: false });
    expect(result.code).toBe(0);
    left = result.reportDir;
    expect(existsSync(left.replace(/\/reports$/, ''))).toBe(true);
  });

  it('which is gone once that test has ended (no pc-e2e-* folder piles up)', () => {
    expect(left).not.toBe('');
    expect(existsSync(left.replace(/\/reports$/, ''))).toBe(false);
  });
});
