/**
 * Runs the named rows of the fault matrix (faults or conformant variants) as `npm test` judges
 * them, and prints each row: `node --import tsx scripts/matrix-rows.ts NAME...`, or
 * `... --ci-only` for the rows npm test leaves to the whole matrix (.ci/run runs those). Exit 1
 * when one is wrong.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCaught, isPassed } from '../test/faults/matrix.ts';
import { CI_ONLY_NAMES } from '../test/faults/npm-test-rows.ts';
import { runMatrix } from '../test/faults/run-matrix.ts';
import compile from '../test/support/compiled.ts';

// --ci-only: the rows npm test leaves to the whole matrix (test/faults/npm-test-rows.ts).
const args = process.argv.slice(2);
const ciOnly = args[0] === '--ci-only';
const names = ciOnly ? [...CI_ONLY_NAMES] : args;
// So many rows run the compiled harness, as npm test's do (a fifth less CPU than through tsx).
if (ciOnly) compile();
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
  // A conformant row that failed says why: a flake is then diagnosed from the CI log alone.
  if (!ok && row.kind === 'conformant')
    for (const line of row.why ?? []) console.log(`    ${line}`);
}
await run.finished;
process.exitCode = bad ? 1 : 0;
