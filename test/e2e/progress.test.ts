import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressText } from '../../src/engine/status-line.ts';
import { runCli, tempDir } from '../support/cli.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-conformance.mjs');
const ESC = String.fromCharCode(27);
/** The status line, drawn after a carriage return and an erase of the line. */
const PROGRESS = new RegExp(`\r${ESC}\\[2K\\[\\d+/\\d+\\] checks, \\d+ requests?`);
// util-linux's script(1) runs a command on a pseudo-terminal, as a person's shell would.
const hasScript = spawnSync('script', ['--version']).status === 0;

/** Runs the CLI on a pseudo-terminal; what the terminal was sent. */
function onTerminal(
  args: string[],
  env: Record<string, string> = {},
): { code: number | null; output: string } {
  const dir = tempDir();
  const log = join(dir, 'terminal.log');
  const command = [process.execPath, BIN, ...args, '--report-dir', join(dir, 'reports')].join(' ');
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('PETSTORE_') && k !== 'CI' && k !== 'GITHUB_ACTIONS',
    ),
  );
  const run = spawnSync('script', ['-qfec', command, log], {
    cwd: dir,
    env: { ...base, ...env },
    timeout: 90_000,
  });
  return { code: run.status, output: readFileSync(log, 'utf8') };
}

describe('live progress', () => {
  it.skipIf(!hasScript)(
    'on a terminal: a count of checks and requests and the check under way, redrawn in place',
    () => {
      const { code, output } = onTerminal(['run', '--only', 'LIST']);
      expect(code).toBe(0);
      expect(output).toMatch(PROGRESS);
      expect(output).toMatch(/\[\d+\/\d+\] checks, \d+ requests? · LIST-/);
      // The last line is the verdict's report paths, not a leftover status line.
      expect(output).toMatch(/Reports: [^\r\n]*report\.json/);
    },
  );

  it.skipIf(!hasScript)('never in a CI log, even on a terminal', () => {
    const { output } = onTerminal(['run', '--only', 'LIST-200'], { CI: 'true' });
    expect(output).not.toMatch(PROGRESS);
  });

  it('never in a pipe', async () => {
    const result = await runCli(['run', '--only', 'LIST-200']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/checks, \d+ request/);
    expect(result.stdout).not.toContain('\r');
  });

  it('fits the terminal', () => {
    const p = {
      done: 37,
      total: 79,
      requests: 812,
      running: ['AUTH-LIST-NO-KEY', 'LIST-200-PETS'],
    };
    expect(progressText(p, 120)).toBe('[37/79] checks, 812 requests · AUTH-LIST-NO-KEY (+1 more)');
    expect(progressText(p, 20)).toHaveLength(19);
  });
});
