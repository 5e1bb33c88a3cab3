import { describe, expect, it } from 'vitest';
import { startFault } from '../faults/catalog.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'concurrency-key-0123456789';

/** The reference, a little slow, noting the most requests it held at once. */
async function countingServer() {
  const counts = { inFlight: 0, peak: 0 };
  const server = await startFault(
    {
      name: 'counts-in-flight',
      description:
        'Answers like the reference, 5 ms late, and notes the most requests held at once.',
      wrap: (app) => async (req) => {
        counts.peak = Math.max(counts.peak, ++counts.inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        counts.inFlight--;
        return app(req);
      },
    },
    KEY,
  );
  return { server, counts };
}

describe('--concurrency', () => {
  it.each([1, 3])('never holds more than %i requests in flight at the target', async (n) => {
    // A fresh, empty server each time: the harness seeds it, sending those pets together.
    const { server, counts } = await countingServer();
    try {
      const args = ['--api-key', KEY, '--profile', 'ci', '--only', 'LIST-LIMIT'];
      const result = await runCli([
        'run',
        '--base-url',
        server.baseUrl,
        ...args,
        '--concurrency',
        `${n}`,
      ]);
      expect(result.code).toBe(0);
      expect(readReport(result).options.concurrency).toBe(n);
      // Reached, not merely respected: the cap is what holds the requests back.
      expect(counts.peak).toBe(n);
    } finally {
      await server.close();
    }
  });
});
