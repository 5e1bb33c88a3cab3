import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp.ts';
import { FAULTS } from './catalog.ts';
import { isCaught, isPassed, renderMatrix } from './matrix.ts';
import { runMatrix } from './run-matrix.ts';
import { VARIANTS } from './variants.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const servers = [...FAULTS, ...VARIANTS];
const reportDir = tempDir('pc-matrix-');
const matrix = runMatrix(
  servers.map((s) => s.name),
  reportDir,
);
// Rows arrive in catalog order, two at a time; the last test waits for the whole matrix.
const MATRIX_TIMEOUT = 280_000;
const rowFor = (name: string) => matrix.row(name);

describe('the fault matrix', () => {
  // npm test writes no tracked file: this run's matrix goes to reports/ (untracked);
  // docs/fault-matrix.md is written by `npm run fault-matrix` and checked below for staleness.
  afterAll(async () => {
    await matrix.finished;
    const settled = await Promise.allSettled(servers.map((s) => rowFor(s.name)));
    const text = renderMatrix(settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    writeFileSync(join(reportDir, 'fault-matrix.md'), text);
  });

  it('docs/fault-matrix.md is not stale: a row for every server, as the catalog describes it', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'fault-matrix.md'), 'utf8');
    const stale = 'stale: run `npm run fault-matrix` to write it again';
    for (const s of servers) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${s.name}\` `));
      expect(row, `${s.name}: no row in docs/fault-matrix.md, ${stale}`).toBeDefined();
      expect(row, `${s.name}: ${stale}`).toContain(`| ${s.description} |`);
    }
    expect(doc, stale).toContain(`/ ${FAULTS.length}.**`);
    expect(doc, stale).toContain(`/ ${VARIANTS.length} conformant runs.**`);
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
