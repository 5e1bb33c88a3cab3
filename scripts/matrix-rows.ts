/**
 * Runs the named rows of the fault matrix (faults or conformant variants) as `npm test` judges
 * them, and prints each row: `node --import tsx scripts/matrix-rows.ts NAME...`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCaught, isPassed } from '../test/faults/matrix.ts';
import { runMatrix } from '../test/faults/run-matrix.ts';

const names = process.argv.slice(2);
const run = runMatrix(names, mkdtempSync(join(tmpdir(), 'matrix-rows-')));
let bad = 0;
for (const name of names) {
  const row = await run.row(name);
  const ok = row.kind === 'fault' ? isCaught(row) : isPassed(row);
  if (!ok) bad++;
  const failed = row.failed.join(',') || '-';
  const said = `${ok ? 'ok ' : 'BAD'} ${row.kind} ${name}: exit ${row.exitCode}, failed ${failed}`;
  console.log(
    `${said}, ${(row.durationMs / 1000).toFixed(1)} s${row.error ? `; ${row.error}` : ''}`,
  );
}
await run.finished;
process.exitCode = bad ? 1 : 0;
