import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { RunReport } from '../../src/report/model.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-conformance.mjs');

// Folders a test made and has not removed yet: removed when the worker exits, at the latest.
const leftovers = new Set<string>();
const removeDir = (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  leftovers.delete(dir);
};
process.once('exit', () => {
  for (const dir of leftovers) removeDir(dir);
});

/**
 * A fresh folder under the system's temp dir, removed when the test that made it ends (a run's
 * reports, its working folder), or when the worker exits for one made outside a test.
 */
export function tempDir(prefix = 'pc-e2e-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  leftovers.add(dir);
  try {
    onTestFinished(() => removeDir(dir));
  } catch {}
  return dir;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  reportDir: string;
}

/** Runs the real CLI in a fresh folder (so no .env of the developer's applies) and waits for it. */
export function runCli(
  args: string[],
  options: {
    timeoutMs?: number;
    env?: Record<string, string>;
    /** false: add no --report-dir (for commands that take none). */
    reportDir?: string | false;
    /** Another copy of bin/petstore-conformance.mjs to run (e.g. of a broken copy of the tree). */
    bin?: string;
    /** The working folder (default: a fresh one, so no .env of the developer's applies). */
    cwd?: string;
  } = {},
): Promise<CliResult> {
  const cwd = options.cwd ?? tempDir();
  const reportDir = options.reportDir || join(cwd, 'reports');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('PETSTORE_')),
  );
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        options.bin ?? BIN,
        ...args,
        ...(options.reportDir === false ? [] : ['--report-dir', reportDir]),
      ],
      {
        cwd,
        env: { ...env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
    // A test that ends first (past its own timeout) takes the run with it: a hung CLI must not
    // outlive the test run as an orphan. Outside a test (a file's set-up) there is no hook.
    try {
      onTestFinished(() => void child.kill('SIGKILL'));
    } catch {}
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, durationMs: Date.now() - started, reportDir });
    });
  });
}

export function readReport(result: CliResult): RunReport {
  return JSON.parse(readFileSync(join(result.reportDir, 'report.json'), 'utf8')) as RunReport;
}

/** Every artifact the run wrote, by file name. */
export function readArtifacts(result: CliResult): Record<string, string> {
  return Object.fromEntries(
    readdirSync(result.reportDir).map((f) => [f, readFileSync(join(result.reportDir, f), 'utf8')]),
  );
}
