import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULTS } from './catalog.ts';
import { isCaught, isPassed, type MatrixRow, renderMatrix } from './matrix.ts';
import { VARIANTS } from './variants.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** One batch process per core. */
const BATCHES = 2;

/** A promise per server, settled as soon as its batch prints its row. */
const pending = new Map<
  string,
  { promise: Promise<MatrixRow>; resolve(row: MatrixRow): void; reject(e: Error): void }
>();
function expectRow(name: string) {
  let resolve!: (row: MatrixRow) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<MatrixRow>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  pending.set(name, { promise, resolve, reject });
}

function runBatch(names: string[], reportDir: string): Promise<void> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [TSX, join(import.meta.dirname, 'batch.ts'), reportDir, ...names],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let buffer = '';
    let err = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        const row = JSON.parse(line) as MatrixRow;
        pending.get(row.name)?.resolve(row);
      }
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => {
      for (const name of names)
        pending
          .get(name)
          ?.reject(new Error(`matrix batch exited ${code} before ${name}: ${err.trim()}`));
      done();
    });
  });
}

const servers = [...FAULTS, ...VARIANTS];
for (const s of servers) expectRow(s.name);
const reportDir = mkdtempSync(join(tmpdir(), 'pc-matrix-'));
const batches = Array.from({ length: BATCHES }, (_, i) =>
  servers.filter((_, j) => j % BATCHES === i).map((s) => s.name),
);
const finished = Promise.all(batches.map((names) => runBatch(names, reportDir)));
// Rows arrive in catalog order, two at a time; the last test waits for the whole matrix.
const MATRIX_TIMEOUT = 280_000;

function rowFor(name: string): Promise<MatrixRow> {
  const entry = pending.get(name);
  if (!entry) throw new Error(`no matrix row for ${name}`);
  return entry.promise;
}

describe('the fault matrix', () => {
  afterAll(async () => {
    await finished;
    const settled = await Promise.allSettled(servers.map((s) => rowFor(s.name)));
    const text = renderMatrix(settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    writeFileSync(join(ROOT, 'reports', 'fault-matrix.md'), text);
    writeFileSync(join(ROOT, 'docs', 'fault-matrix.md'), text);
  });

  it('has at least 40 faults and 2 conformant variants, uniquely named', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    expect(VARIANTS.length).toBeGreaterThanOrEqual(2);
    expect(new Set(servers.map((s) => s.name)).size).toBe(servers.length);
  });

  describe('every fault is caught: exit 1, and its expected checks among the failures', () => {
    it.each(FAULTS.map((f) => [f.name, f.caughtBy.join(', ')]))(
      '%s (by %s)',
      async (name) => {
        const row = await rowFor(name);
        expect(row.error, `${name}: harness error`).toBeUndefined();
        expect({
          exitCode: row.exitCode,
          missed: row.expected.filter((id) => !row.failed.includes(id)),
        }).toEqual({ exitCode: 1, missed: [] });
        expect(isCaught(row)).toBe(true);
      },
      MATRIX_TIMEOUT,
    );
  });

  describe('every conformant variant passes: exit 0, no failure', () => {
    it.each(VARIANTS.map((v) => [v.name]))(
      '%s',
      async (name) => {
        const row = await rowFor(name);
        expect({ exitCode: row.exitCode, failed: row.failed, error: row.error }).toEqual({
          exitCode: 0,
          failed: [],
          error: undefined,
        });
        expect(isPassed(row)).toBe(true);
      },
      MATRIX_TIMEOUT,
    );
  });
});
