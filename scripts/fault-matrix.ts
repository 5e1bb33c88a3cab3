/**
 * `npm run fault-matrix`: judges every broken server of test/faults/ and every conformant
 * variant, as the matrix test does, and writes docs/fault-matrix.md from the rows. Exit 1 when
 * a fault went uncaught or a conformant server failed (the document is written either way).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS } from '../test/faults/catalog.ts';
import { isCaught, isPassed, type MatrixRow, renderMatrix } from '../test/faults/matrix.ts';
import { runMatrix } from '../test/faults/run-matrix.ts';
import { VARIANTS } from '../test/faults/variants.ts';
import compile from '../test/support/compiled.ts';

// The batches run the compiled harness, as under npm test (a fifth less CPU than through tsx).
compile();
const names = [...FAULTS, ...VARIANTS].map((s) => s.name);
const matrix = runMatrix(names, mkdtempSync(join(tmpdir(), 'pc-matrix-')));
const rows: MatrixRow[] = [];
for (const name of names) {
  const row = await matrix.row(name);
  rows.push(row);
  const ok = row.kind === 'fault' ? isCaught(row) : isPassed(row);
  process.stdout.write(`[${rows.length}/${names.length}] ${ok ? 'ok  ' : 'MISS'} ${name}\n`);
}
await matrix.finished;
const path = join(import.meta.dirname, '..', 'docs', 'fault-matrix.md');
writeFileSync(path, renderMatrix(rows));
const bad = rows.filter((r) => (r.kind === 'fault' ? !isCaught(r) : !isPassed(r)));
process.stdout.write(`wrote ${path}: ${bad.length ? `${bad.length} wrong` : 'all as expected'}\n`);
process.exitCode = bad.length ? 1 : 0;
