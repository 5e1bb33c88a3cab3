#!/usr/bin/env node
// Runs the conformance job against the embedded reference server many times in a row, each with
// its own seed, and fails if any run does not pass: a flaky check shows up here first.
//
//   node scripts/stability.mjs [--count 20] [--profile full] [--seed 1]
//
// Run i uses seed + i, so a failing run is replayed with the seed it prints.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'petstore-conformance.mjs');

function options() {
  try {
    const { values } = parseArgs({
      options: {
        count: { type: 'string', default: '20' },
        profile: { type: 'string', default: 'full' },
        seed: { type: 'string', default: '1' },
      },
    });
    const count = Number(values.count);
    const seed = Number(values.seed);
    if (!Number.isInteger(count) || count < 1)
      throw new Error(`--count must be a positive integer`);
    if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer`);
    return { count, seed, profile: values.profile };
  } catch (error) {
    console.error(`stability: ${error.message}`);
    process.exit(2);
  }
}

const { count, seed, profile } = options();
const reports = mkdtempSync(join(tmpdir(), 'pc-stability-'));
const failures = [];
const started = Date.now();
for (let i = 0; i < count; i++) {
  const runSeed = seed + i;
  const t0 = Date.now();
  const args = ['run', '--profile', profile, '--seed', String(runSeed)];
  const run = spawnSync(process.execPath, [BIN, ...args, '--report-dir', join(reports, `${i}`)], {
    encoding: 'utf8',
    // Only the embedded server: a PETSTORE_BASE_URL of the caller's must not be hammered.
    env: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('PETSTORE_')),
    ),
  });
  const verdict = run.status === 0 ? 'pass' : `FAIL (exit ${run.status})`;
  console.log(`run ${i + 1}/${count} seed ${runSeed}: ${verdict} in ${Date.now() - t0} ms`);
  if (run.status !== 0) {
    failures.push(runSeed);
    console.log(`reports: ${join(reports, `${i}`)}`);
    console.log(`${run.stdout}${run.stderr}`.trim().split('\n').slice(-15).join('\n'));
  }
}
// The reports of a failed run are kept for whoever looks into it.
if (failures.length === 0) rmSync(reports, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  failures.length === 0
    ? `${count} of ${count} runs passed (profile ${profile}, seeds ${seed}..${seed + count - 1}, ${seconds} s)`
    : `${count - failures.length} of ${count} runs passed; replay a failure with --seed ${failures.join(', ')}`,
);
process.exit(failures.length === 0 ? 0 : 1);
