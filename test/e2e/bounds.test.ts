import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppResponse, Handler } from '../../src/reference/index.ts';
import { ANY, LIST, onResponse } from '../faults/wrap.ts';
import { type CliResult, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';

// Hostile targets, round two: what a run keeps, prints and writes has a bound, whatever the
// target sends (issue 24: messages and memory had none).
const KEY = 'bounds-key-0123456789';
const MiB = 1024 * 1024;
const CAP = 4 * MiB;
const MEMORY_BOUND_MIB = 768;
const FILE_BOUND = 32 * MiB;
const CONSOLE_BOUND = MiB;

const serve = (name: string, wrap: (app: Handler) => Handler) =>
  serveWrappedForFile(name, wrap, KEY);

/** The answer's JSON text followed by whitespace up to the body cap: valid JSON, 4 MiB. */
function padded(res: AppResponse): AppResponse {
  const text = res.raw === undefined ? JSON.stringify(res.json ?? null) : String(res.raw);
  return {
    status: res.status,
    headers: { ...res.headers, 'content-type': 'application/json' },
    raw: `${text}${' '.repeat(Math.max(0, CAP - text.length - 1))}`,
  };
}

/** A ci run, of the checks `only` names (all by default): what each case needs, no more. */
function run(baseUrl: string, only?: string): Promise<CliResult> {
  const selection = only ? ['--only', only] : [];
  return runCli(['run', '--base-url', baseUrl, '--profile', 'ci', ...selection], {
    env: { PETSTORE_API_KEY: KEY },
    timeoutMs: 240_000,
  });
}

function expectBounded(result: CliResult): void {
  expect(result.code, result.stderr).not.toBe(2);
  expect(result.peakRssMiB).toBeGreaterThan(0);
  expect(result.peakRssMiB).toBeLessThan(MEMORY_BOUND_MIB);
  expect(Buffer.byteLength(result.stdout) + Buffer.byteLength(result.stderr)).toBeLessThan(
    CONSOLE_BOUND,
  );
  for (const file of readdirSync(result.reportDir)) {
    const size = statSync(join(result.reportDir, file)).size;
    expect(size, file).toBeLessThan(file === 'summary.md' ? CONSOLE_BOUND : FILE_BOUND);
  }
}

describe('bounds on what a hostile target can make the harness keep, print and write', async () => {
  const digits = `1${'0'.repeat(999_999)}`;
  const hugeStatus = await serve('million-digit-status', (app) =>
    onResponse(app, '*', ANY, (res) =>
      res.status >= 400
        ? {
            status: res.status,
            headers: { 'content-type': 'application/json' },
            raw: `{"code":"bad","message":"${'m'.repeat(999_999)}","status":${digits}}`,
          }
        : res,
    ),
  );
  const everyAnswerAtTheCap = await serve('every-answer-4-mib', (app) =>
    onResponse(app, '*', ANY, padded),
  );
  const bomb = gzipSync(Buffer.alloc(64 * MiB));
  // Every answer but the first page the preflight reads: a bomb where the harness asked for identity.
  const gzipBombs = await serve('gzip-bombs', (app) =>
    onResponse(app, '*', ANY, (res, req) =>
      req.method === 'GET' && LIST.test(req.path.replace(/^\/v1/, '')) && res.status === 200
        ? res
        : {
            status: res.status,
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            raw: bomb,
          },
    ),
  );

  it('an Error whose status has a million digits and its message a million letters: a line per message, not megabytes', async () => {
    // Every error answer carries them: the auth checks alone draw hundreds, and hold their
    // answers until they judge them all.
    const result = await run(hugeStatus.baseUrl, 'AUTH,ERR');
    expect(result.code).toBe(1);
    expectBounded(result);
    expect(result.stdout).toContain('(1000000 characters)');
  }, 300_000);

  it('every answer padded to the 4 MiB cap, 201s included: memory stays bounded', async () => {
    // What a run keeps for its whole length: the pets it creates and the pages it lists.
    const result = await run(everyAnswerAtTheCap.baseUrl, 'CREATE-201,CREATE-ID,LIST-LIMIT,RUN-');
    expectBounded(result);
  }, 300_000);

  it('gzip bombs in every answer but the lists: never inflated, memory stays bounded', async () => {
    const result = await run(gzipBombs.baseUrl);
    expect(result.code).toBe(1);
    expectBounded(result);
  }, 300_000);
});
