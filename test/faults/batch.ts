/**
 * Child process of the matrix test: judges the named servers one after another in this one
 * process (vitest and the harness stay loaded between them) and prints a JSON row per server.
 * Usage: tsx test/faults/batch.ts REPORT_DIR NAME...
 */
import { join } from 'node:path';
import { openSuiteSession } from '../../src/bridge/run-suites.ts';
import { FAULTS } from './catalog.ts';
import { judgeServer, PLACEHOLDER_TARGET } from './matrix.ts';
import { VARIANTS } from './variants.ts';

const [reportRoot = 'reports/matrix', ...names] = process.argv.slice(2);
const servers = [...FAULTS, ...VARIANTS];
// One vitest instance for the whole batch; each run provides its own target to it.
const session = await openSuiteSession(PLACEHOLDER_TARGET);
try {
  for (const name of names) {
    const variant = servers.find((s) => s.name === name);
    if (!variant) throw new Error(`no server named ${name}`);
    const row = await judgeServer(variant, join(reportRoot, name), session);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
} finally {
  await session.close();
}
