import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp.ts';
import { FAULTS } from './catalog.ts';
import { standsFor } from './composites.ts';
import { isCaught, isPassed, renderMatrix } from './matrix.ts';
import { CI_ONLY_NAMES, NPM_TEST_FAULTS, NPM_TEST_VARIANTS } from './npm-test-rows.ts';
import { runMatrix } from './run-matrix.ts';
import { VARIANTS } from './variants.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// npm test judges a fault for every check, the reference, the transport variants, every
// freedom, and the other variants in composites (npm-test-rows.ts); .ci/run judges the rest
// right after it, each variant alone (scripts/matrix-rows.ts --ci-only); npm run fault-matrix
// judges all of them.
const servers = [...NPM_TEST_FAULTS, ...NPM_TEST_VARIANTS];
const catalog = [...FAULTS, ...VARIANTS];
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
    for (const s of catalog) {
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
    expect(new Set(catalog.map((s) => s.name)).size).toBe(catalog.length);
  });

  it('judges every check a fault names, and every server the rest of the matrix leaves', () => {
    const named = (faults: typeof FAULTS) => new Set(faults.flatMap((f) => f.caughtBy));
    expect(named(NPM_TEST_FAULTS)).toEqual(named(FAULTS));
    // Every row of the catalog is judged by npm test (alone or in a composite) or in CI.
    const inNpmTest = new Set(servers.flatMap(standsFor));
    expect(
      catalog.filter((s) => !inNpmTest.has(s.name) && !CI_ONLY_NAMES.includes(s.name)),
    ).toEqual([]);
    expect(NPM_TEST_VARIANTS.map((v) => v.name)).toContain('reference');
    // Every MUST check's own broken server (must-faults.test.ts) is among npm test's rows.
    const alone = NPM_TEST_FAULTS.filter((f) => f.caughtBy.length === 1).map((f) => f.caughtBy[0]);
    const aloneInCatalog = FAULTS.filter((f) => f.caughtBy.length === 1).map((f) => f.caughtBy[0]);
    expect(new Set(alone)).toEqual(new Set(aloneInCatalog));
  });

  describe('every fault is caught: exit 1, and its expected checks among the failures', () => {
    it.each(NPM_TEST_FAULTS.map((f) => [f.name, f.caughtBy.join(', ')]))(
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
    it.each(NPM_TEST_VARIANTS.map((v) => [v.name]))(
      '%s',
      async (name) => {
        const row = await rowFor(name);
        const why = row.why?.join('\n');
        expect({ exitCode: row.exitCode, failed: row.failed, error: row.error }, why).toEqual({
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
