/**
 * A whole `run --profile ci` of the real CLI against one server of the fault catalog (or a
 * conformant variant), as a red team would run it: prints the exit code, the failed checks, the
 * requests and the time. `node --import tsx scripts/ci-against-fault.ts NAME [REPORT_DIR]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS, startFault } from '../test/faults/catalog.ts';
import { VARIANTS } from '../test/faults/variants.ts';

const KEY = 'ci-against-fault-key-0123456789';
const [name, dir = mkdtempSync(join(tmpdir(), 'ci-against-'))] = process.argv.slice(2);
const variant = [...FAULTS, ...VARIANTS].find((v) => v.name === name);
if (!variant) throw new Error(`no fault or variant named ${name}`);
const server = await startFault(variant, KEY);
const started = Date.now();
// PC_HARNESS_BIN: another build of the harness (an older one, to show what it missed).
const bin =
  process.env.PC_HARNESS_BIN ?? join(import.meta.dirname, '..', 'bin', 'petstore-conformance.mjs');
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [bin, 'run', '--profile', 'ci', '--base-url', server.baseUrl, '--report-dir', dir],
    { env: { ...process.env, PETSTORE_API_KEY: KEY }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  child.on('close', (exit) => {
    if (err.trim()) console.log(`stderr: ${err.trim()}`);
    resolve(exit ?? -1);
  });
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
await server.close();
let said = 'no report.json';
try {
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
    requests: number;
    checks: { id: string; verdict: string }[];
  };
  const failed = report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id);
  said = `${report.requests} requests; failed: ${failed.join(', ') || 'none'}`;
} catch {}
console.log(`${name}: exit ${code} in ${seconds} s; ${said}; reports in ${dir}`);
