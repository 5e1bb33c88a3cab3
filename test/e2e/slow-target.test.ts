import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../faults/load-variants.ts';
import { readReport, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';

// Issue 25: a conformant target that serves one request at a time, 200 ms each (the reference
// behind a proxy that serialises requests). At 32 requests in flight the last waited 6.4 s,
// past the 5 s deadline, and 10 MUST checks failed. The load now follows the target.
const KEY = 'slow-target-key-0123456789';
const SERVICE_MS = 200;

describe('a target that serves one request at a time, 200 ms each', async () => {
  let served = 0;
  const server = await serveWrappedForFile(
    'one-at-a-time-200ms',
    (app) =>
      oneAtATime(async (req) => {
        served++;
        return app(req);
      }, SERVICE_MS),
    KEY,
  );

  it('is conformant at the default concurrency, and its latency is its own, not the queue', async () => {
    const result = await runCli(
      ['run', '--base-url', server.baseUrl, '--profile', 'ci', '--only', 'CREATE-400,AUTH-LIST'],
      { env: { PETSTORE_API_KEY: KEY }, timeoutMs: 300_000 },
    );
    expect(result.code, result.stdout).toBe(0);
    const report = readReport(result);
    expect(report.checks.filter((c) => c.verdict === 'fail')).toEqual([]);
    // Service time, not 32 requests' worth of queue (6.4 s).
    for (const latency of Object.values(report.latency)) {
      expect(latency.medianMs).toBeGreaterThanOrEqual(SERVICE_MS * 0.9);
      // Far below the queue's 6.4 s, with room for a loaded machine's own delays.
      expect(latency.medianMs).toBeLessThan(SERVICE_MS * 5);
    }
    expect(served).toBeGreaterThan(20);
  }, 320_000);
});
