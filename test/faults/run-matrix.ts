import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MatrixRow } from './matrix.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** One batch process per core. */
export const BATCHES = 2;

/** A row per server, each settled as soon as its batch prints it; `finished` once all ended. */
export interface MatrixRun {
  row(name: string): Promise<MatrixRow>;
  finished: Promise<void>;
}

interface Pending {
  promise: Promise<MatrixRow>;
  resolve(row: MatrixRow): void;
  reject(e: Error): void;
}

function pendingRow(): Pending {
  let resolve!: (row: MatrixRow) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<MatrixRow>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * How a batch is started: the compiled batch that vitest's global set-up made for this test run
 * (test/support/compiled.ts), else the source through tsx (`npm run fault-matrix`, a script).
 */
function batchCommand(): string[] {
  const compiled = process.env.PC_COMPILED_MATRIX_BATCH;
  if (compiled && existsSync(compiled)) return [compiled];
  return [TSX, join(import.meta.dirname, 'batch.ts')];
}

function runBatch(names: string[], reportDir: string, rows: Map<string, Pending>): Promise<void> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...batchCommand(), reportDir, ...names], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    let err = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        const row = JSON.parse(line) as MatrixRow;
        rows.get(row.name)?.resolve(row);
      }
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => {
      for (const name of names)
        rows
          .get(name)
          ?.reject(new Error(`matrix batch exited ${code} before ${name}: ${err.trim()}`));
      done();
    });
  });
}

/**
 * Judges the named servers of the matrix in BATCHES child processes (test/faults/batch.ts),
 * the servers dealt to them in turn, so the rows arrive in catalog order, BATCHES at a time.
 */
export function runMatrix(names: readonly string[], reportDir: string): MatrixRun {
  const rows = new Map(names.map((name) => [name, pendingRow()]));
  const batches = Array.from({ length: BATCHES }, (_, i) =>
    names.filter((_, j) => j % BATCHES === i),
  );
  const finished = Promise.all(batches.map((batch) => runBatch(batch, reportDir, rows))).then(
    () => undefined,
  );
  return {
    finished,
    row: (name) => {
      const entry = rows.get(name);
      if (!entry) throw new Error(`no matrix row for ${name}`);
      return entry.promise;
    },
  };
}
