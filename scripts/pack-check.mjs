#!/usr/bin/env node
// Proves the package as a user gets it: `npm pack`, `npm install ./petstore-conformance-X.tgz`
// in an empty folder, then the installed bin's `run --profile ci` against the embedded server,
// on this Node and on each major given (`--node 22,24`, through the registry's `node` package).
// Usage: node scripts/pack-check.mjs [--node 22,24]. Exit 0 when every run is conformant.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { values } = parseArgs({ options: { node: { type: 'string', default: '' } } });
const majors = values.node.split(',').filter(Boolean);

const MUST_SHIP = [
  'bin/petstore-conformance.mjs',
  'dist/src/cli.js',
  'dist/src/bridge/warm-up.js',
  'dist/suites/all.js',
  'dist/suites/get-pet.suite.js',
  'schemas/openapi.yaml',
  'docs/contract.md',
];

function fail(message) {
  process.stderr.write(`pack-check: ${message}\n`);
  process.exit(1);
}

function sh(cmd, args, cwd, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `pack-check: ${[cmd, ...args].join(' ')} (${seconds} s, exit ${r.status})\n`,
  );
  return r;
}

const work = mkdtempSync(join(tmpdir(), 'pc-pack-'));
try {
  const packed = sh(NPM, ['pack', '--json', '--pack-destination', work], ROOT);
  if (packed.status !== 0) fail(`npm pack failed:\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  const shipped = new Set(info.files.map((f) => f.path));
  const missing = MUST_SHIP.filter((f) => !shipped.has(f));
  if (missing.length) fail(`the tarball lacks ${missing.join(', ')}`);
  const stray = [...shipped].filter((f) => /^(src|test|suites)\//.test(f) || /\.ts$/.test(f));
  if (stray.length)
    fail(`the tarball ships source it does not need: ${stray.slice(0, 5).join(', ')}`);

  const app = join(work, 'app');
  mkdirSync(app);
  const installed = sh(
    NPM,
    ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, info.filename)],
    app,
  );
  if (installed.status !== 0) fail(`npm install of ${info.filename} failed:\n${installed.stderr}`);
  if (existsSync(join(app, 'node_modules', 'tsx')))
    fail('tsx was installed: the package must run without a TypeScript loader');
  const bin = join(app, 'node_modules', 'petstore-conformance', 'bin', 'petstore-conformance.mjs');

  const runs = [
    { label: `node ${process.version} (npx)`, cmd: 'npx', args: ['petstore-conformance'] },
    ...majors.map((m) => ({ label: `node ${m}`, cmd: 'npx', args: ['-y', `node@${m}`, bin] })),
  ];
  for (const major of majors) {
    const v = sh('npx', ['-y', `node@${major}`, '-p', 'process.version'], app);
    if (!v.stdout.trim().startsWith(`v${major}.`))
      fail(`npx -y node@${major} runs ${v.stdout.trim() || 'nothing'}:\n${v.stderr.slice(-1000)}`);
  }
  for (const { label, cmd, args } of runs) {
    const reports = join(work, `reports-${label.replace(/\W+/g, '-')}`);
    const r = sh(cmd, [...args, 'run', '--profile', 'ci', '--report-dir', reports], app, {
      NO_COLOR: '1',
    });
    const verdict = r.stdout.split('\n').find((l) => /^Conformant|^NOT|^Could not/.test(l));
    if (r.status !== 0 || !verdict?.startsWith('Conformant:')) {
      fail(
        `${label}: the installed package's run --profile ci exited ${r.status} (${verdict ?? 'no verdict'})\n${r.stderr.slice(-2000)}`,
      );
    }
    process.stdout.write(`pack-check: ${label}: ${verdict}\n`);
  }
  process.stdout.write(`pack-check: ${info.filename} installs and runs conformant\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
