import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * vitest's global set-up: type-checks the whole project (npm test's typecheck: one compiler run,
 * not two) and compiles it once, as `npm run build` compiles src/ and suites/, into a folder of
 * the tests' own, with an entry that runs it. A type error stops npm test here. The CLI tests run that: the code a package
 * ships, without a TypeScript loader starting in every one of their ~200 processes (about 0.5 s
 * of CPU each, a fifth of npm test's). The source entry (bin/, through tsx) is still run by the
 * tests that name it (SOURCE_BIN), and by .ci/run.
 */
const ROOT = join(import.meta.dirname, '..', '..');
export const COMPILED_DIR = join(ROOT, 'reports', 'test-dist');
export const COMPILED_BIN = join(COMPILED_DIR, 'bin.mjs');

/**
 * The fault matrix's batch process, compiled with the rest (test/faults/run-matrix.ts runs it when
 * this variable names it): a fifth less CPU than through tsx, where the suites' worker, new for
 * every server of the matrix, evaluated the transformed harness again each time.
 */
export const COMPILED_BATCH_VARIABLE = 'PC_COMPILED_MATRIX_BATCH';

export default function compile(): void {
  rmSync(COMPILED_DIR, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Everything `npm run typecheck` checks; the tests use src/, suites/ and the fault matrix's batch.
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.test-dist.json', '--outDir', COMPILED_DIR], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  writeFileSync(COMPILED_BIN, "await import('./src/cli.js');\n");
  // Set before vitest starts its workers, which inherit it.
  process.env[COMPILED_BATCH_VARIABLE] = join(COMPILED_DIR, 'test', 'faults', 'batch.js');
}
