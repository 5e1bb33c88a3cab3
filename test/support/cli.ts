import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { RunReport } from '../../src/report/model.ts';
import { COMPILED_BIN } from './compiled.ts';
import { tempDir } from './temp.ts';

export { tempDir } from './temp.ts';

/** The entry a clone runs: src/ through tsx. */
export const SOURCE_BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-conformance.mjs');
/** The compiled code vitest's global set-up built (compiled.ts), else the source entry. */
const BIN = existsSync(COMPILED_BIN) ? COMPILED_BIN : SOURCE_BIN;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  reportDir: string;
  /** The CLI's peak resident memory (its worker thread included), MiB, from the kernel's high-water mark. */
  peakRssMiB: number;
}

/** VmHWM of a live process, MiB (0 once it is gone, or off Linux). */
function highWaterMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
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
    let peakRssMiB = 0;
    const sampler = setInterval(() => {
      peakRssMiB = Math.max(peakRssMiB, highWaterMiB(child.pid));
    }, 100);
    // A test that ends first (past its own timeout) takes the run with it: a hung CLI must not
    // outlive the test run as an orphan. Outside a test (a file's set-up) there is no hook.
    try {
      onTestFinished(() => void child.kill('SIGKILL'));
    } catch {}
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(sampler);
      resolve({ code, stdout, stderr, durationMs: Date.now() - started, reportDir, peakRssMiB });
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
