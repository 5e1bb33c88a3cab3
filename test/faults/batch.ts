/**
 * Child process of the matrix test: judges servers one after another in this one process
 * (vitest and the harness stay loaded between them) and prints a JSON row per server. The
 * names come on the command line or, without any there, one per line on stdin as the parent
 * hands them out (test/faults/run-matrix.ts).
 * Usage: tsx test/faults/batch.ts REPORT_DIR [NAME...]
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openSuiteSession } from '../../src/bridge/run-suites.ts';
import { FAULTS } from './catalog.ts';
import { judgeServer, PLACEHOLDER_TARGET } from './matrix.ts';
import { COMPOSITES } from './npm-test-rows.ts';
import { VARIANTS } from './variants.ts';

const [reportRoot = 'reports/matrix', ...named] = process.argv.slice(2);
const servers = [...FAULTS, ...VARIANTS, ...COMPOSITES];
// The iterator is taken before the first await: lines readline reads before it exists are lost.
const names: AsyncIterator<string> | Iterator<string> = named.length
  ? named[Symbol.iterator]()
  : createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })[
      Symbol.asyncIterator
    ]();
// One vitest instance for the whole batch; each run provides its own target to it.
const session = await openSuiteSession(PLACEHOLDER_TARGET);
try {
  for (let next = await names.next(); !next.done; next = await names.next()) {
    const name = next.value;
    if (!name) continue;
    const variant = servers.find((s) => s.name === name);
    if (!variant) throw new Error(`no server named ${name}`);
    const row = await judgeServer(variant, join(reportRoot, name), session);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
} finally {
  await session.close();
}
