import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-conformance.mjs');

describe('an interrupted run', () => {
  it('exits with 130 on SIGINT and leaves no scratch files behind', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pc-int-'));
    const child = spawn(process.execPath, [BIN, 'run', '--profile', 'full'], {
      cwd: tmp,
      env: { ...process.env, TMPDIR: tmp, PETSTORE_REPORT_DIR: join(tmp, 'reports') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const code = await new Promise<number | null>((resolve) => {
      child.stdout.on('data', (d) => {
        stdout += d;
        // The suites are running, and writing the exchange log: interrupt now.
        if (/ [✓✗!-] [A-Z]/.test(stdout) && !child.killed) child.kill('SIGINT');
      });
      child.on('close', resolve);
    });
    expect(code).toBe(130);
    expect(readdirSync(tmp).filter((f) => f.startsWith('pc-run-'))).toEqual([]);
  });
});
