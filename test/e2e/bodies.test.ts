import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../../src/reference/index.ts';
import { ITEM, intercept, LIST } from '../faults/wrap.ts';
import { type CliResult, readReport, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';

const KEY = 'bodies-key-0123456789';
const MiB = 1024 * 1024;

const serve = (name: string, wrap: (app: Handler) => Handler) =>
  serveWrappedForFile(name, wrap, KEY);

function run(baseUrl: string, ...more: string[]): Promise<CliResult> {
  return runCli(['run', '--base-url', baseUrl, '--api-key', KEY, '--profile', 'ci', ...more]);
}

function verdictOf(result: CliResult, id: string) {
  return readReport(result).checks.find((c) => c.id === id);
}

describe('hostile bodies', async () => {
  // 8 times the 1 MiB cap its run sets, past the four caps read to find an end, and valid JSON
  // had it been read to the end.
  const huge = Buffer.from(`[${'"x",'.repeat((8 * MiB) / 4)}"x"]`);
  const oversized = await serve('oversized-list', (app) =>
    intercept(app, 'GET', LIST, () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      raw: huge,
    })),
  );
  // A whole list of 6 MiB, past the cap but ended: too large to judge, not broken.
  const large = Buffer.from(`[${'"x",'.repeat((6 * MiB) / 4)}"x"]`);
  const tooLarge = await serve('too-large-list', (app) =>
    intercept(app, 'GET', LIST, () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      raw: large,
    })),
  );
  const notUtf8 = await serve('latin1-get', (app) =>
    intercept(app, 'GET', ITEM, () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      raw: Buffer.from('{"id":1,"name":"caf\xe9"}', 'latin1'),
    })),
  );

  // 64 MiB of zeros, gzipped to 64 KiB: a request that asked for identity must never inflate it.
  const { gzipSync } = await import('node:zlib');
  const bomb = gzipSync(Buffer.alloc(64 * MiB));
  const gzipped = await serve('gzip-bomb-get', (app) =>
    intercept(app, 'GET', ITEM, () => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      raw: bomb,
    })),
  );

  const brokenJson = await serve('broken-json-get', (app) =>
    intercept(app, 'GET', ITEM, () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      raw: '{"id":1,"name":',
    })),
  );

  it('a body that is not valid JSON fails the check and says why', async () => {
    const result = await run(brokenJson.baseUrl, '--only', 'GET-');
    expect(result.code).toBe(1);
    expect(verdictOf(result, 'GET-200-PET')).toMatchObject({
      verdict: 'fail',
      message: expect.stringContaining('body is not valid JSON: '),
    });
  });

  it('a body over the cap is cut, the check fails, and the reports stay small', async () => {
    // listPets' checks alone send ~100 of these: past the run's budget for records many times.
    const result = await run(oversized.baseUrl, '--only', 'LIST', '--max-body', '1');
    expect(result.code).toBe(1);
    expect(verdictOf(result, 'LIST-200-PETS')).toMatchObject({
      verdict: 'fail',
      message: expect.stringContaining('response body exceeds the size cap'),
    });
    // The records keep 8 MiB of body text in all (run-log.ts), then 256 characters a body.
    for (const file of ['report.json', 'exchanges.har', 'report.html']) {
      expect(statSync(join(result.reportDir, file)).size, file).toBeLessThan(12 * MiB);
    }
  });

  it('a body that ends past the cap leaves its checks unjudged, and the run inconclusive (exit 2)', async () => {
    const result = await run(tooLarge.baseUrl, '--only', 'LIST-200');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("ended past the harness's body cap");
    expect(verdictOf(result, 'LIST-200-PETS')).toMatchObject({
      verdict: 'unjudged',
      code: 'too-large',
      message: expect.stringContaining(`a response body of ${large.length} bytes`),
    });
    // Under a cap it fits, the same answer is held and judged: an array of strings, no Pets.
    const judged = await run(tooLarge.baseUrl, '--only', 'LIST-200', '--max-body', '8');
    expect(verdictOf(judged, 'LIST-200-PETS')?.verdict).toBe('fail');
  });

  it('a body encoded though only identity was accepted is judged as such, never inflated', async () => {
    const result = await run(gzipped.baseUrl, '--only', 'GET-');
    expect(result.code).toBe(1);
    expect(verdictOf(result, 'GET-200-PET')).toMatchObject({
      verdict: 'fail',
      message: expect.stringContaining(
        "body has Content-Encoding 'gzip', but the request accepted only identity",
      ),
    });
    expect(readReport(result).timings?.peakRssMiB).toBeLessThan(400);
  });

  it('a body that is not UTF-8 fails the check and says so', async () => {
    const result = await run(notUtf8.baseUrl, '--only', 'GET-');
    expect(result.code).toBe(1);
    expect(verdictOf(result, 'GET-200-PET')).toMatchObject({
      verdict: 'fail',
      message: expect.stringContaining('body is not valid UTF-8'),
    });
  });
});
