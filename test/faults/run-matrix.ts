import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOAD_VARIANTS } from './load-variants.ts';
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

/** The names still to judge, handed out one at a time to whichever batch is free first. */
type Queue = string[];

/**
 * One batch process: it is handed a name whenever it has printed the row of the last one, so a
 * slow server (a serial one takes 40 s) holds up one batch while the other takes the rest.
 */
function runBatch(queue: Queue, reportDir: string, rows: Map<string, Pending>): Promise<void> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...batchCommand(), reportDir], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const given: string[] = [];
    const next = () => {
      const name = queue.shift();
      if (name === undefined) child.stdin.end();
      else {
        given.push(name);
        child.stdin.write(`${name}\n`);
      }
    };
    child.stdin.on('error', () => {});
    next();
    let buffer = '';
    let err = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        const row = JSON.parse(line) as MatrixRow;
        rows.get(row.name)?.resolve(row);
        next();
      }
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => {
      for (const name of given)
        rows
          .get(name)
          ?.reject(new Error(`matrix batch exited ${code} before ${name}: ${err.trim()}`));
      done();
    });
  });
}

/**
 * Judges the named servers of the matrix in BATCHES child processes (test/faults/batch.ts),
 * each taking the next name as soon as it is free: the slow load variants first, then the rest in
 * catalog order.
 */
export function runMatrix(names: readonly string[], reportDir: string): MatrixRun {
  const rows = new Map(names.map((name) => [name, pendingRow()]));
  // The slowest servers first (they wait on their own pace, not on the CPU), so that no batch
  // starts one of them while the other is about to finish.
  const slow = new Set(LOAD_VARIANTS.map((v) => v.name));
  const queue: Queue = [...names.filter((n) => slow.has(n)), ...names.filter((n) => !slow.has(n))];
  const finished = Promise.all(
    Array.from({ length: BATCHES }, () => runBatch(queue, reportDir, rows)),
  ).then(() => undefined);
  return {
    finished,
    row: (name) => {
      const entry = rows.get(name);
      if (!entry) throw new Error(`no matrix row for ${name}`);
      return entry.promise;
    },
  };
}
