import { describe, expect, it } from 'vitest';
import type { AppRequest } from '../../src/reference/index.ts';
import { startFault } from '../faults/catalog.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'concurrency-key-0123456789';

/** The reference, a little slow, noting the most requests it held at once (and each request). */
async function countingServer(onRequest: (req: AppRequest) => void = () => undefined, delayMs = 5) {
  const counts = { inFlight: 0, peak: 0 };
  const server = await startFault(
    {
      name: 'counts-in-flight',
      description:
        'Answers like the reference, 5 ms late, and notes the most requests held at once.',
      wrap: (app) => async (req) => {
        onRequest(req);
        counts.peak = Math.max(counts.peak, ++counts.inFlight);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
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

describe('checks run together', () => {
  // Each of these checks sends one request: only checks running together overlap.
  const single = ['LIST-200-PETS', 'AUTH-GET-KEY-IN-COOKIE', 'AUTH-LIST-KEY-IN-COOKIE'];

  async function peakWith(flags: string[]) {
    // Held long enough that checks which start together overlap on a loaded machine too.
    const { server, counts } = await countingServer(undefined, 300);
    try {
      const args = ['--api-key', KEY, '--profile', 'ci', '--only', single.join(',')];
      const result = await runCli(['run', '--base-url', server.baseUrl, ...args, ...flags]);
      expect(result.code).toBe(0);
      const verdicts = readReport(result).checks.filter((c) => single.includes(c.id));
      expect(verdicts.map((c) => c.verdict)).toEqual(['pass', 'pass', 'pass']);
      return counts.peak;
    } finally {
      await server.close();
    }
  }

  it('independent checks have requests in flight at once', async () => {
    // The load window starts at 2 requests in flight: the third check's request waits for a
    // first answer, which grows it. Two at once is overlap; one would be checks in a row.
    expect(await peakWith(['--concurrency', '4'])).toBe(2);
  });

  it('one check at a time under a request budget: which checks it reaches follows the suites', async () => {
    expect(await peakWith(['--concurrency', '4', '--max-requests', '1000'])).toBe(1);
  });

  it('checks of every suite share one pool of at most --concurrency connections', async () => {
    const { server } = await countingServer();
    let connections = 0;
    server.server.on('connection', () => connections++);
    try {
      const only = ['--only', 'LIST-LIMIT,CREATE-400,GET-ID,AUTH-BEFORE'];
      const args = ['--api-key', KEY, '--profile', 'ci', ...only, '--concurrency', '3'];
      const result = await runCli(['run', '--base-url', server.baseUrl, ...args]);
      expect(result.code).toBe(0);
      // The preflight's own connection, then the run's pool.
      expect(connections).toBeLessThanOrEqual(1 + 3);
    } finally {
      await server.close();
    }
  });

  it('kept-alive probes go together, each keyless request right after a keyed one on its socket', async () => {
    const keyless: boolean[] = [];
    // Per connection, whether its last request carried the key.
    const keyedLast = new Map<object, boolean>();
    const { server, counts } = await countingServer((req) => {
      const keyed = req.headers.authorization === `Bearer ${KEY}`;
      if (!req.headers.authorization && req.connection) {
        keyless.push(keyedLast.get(req.connection) === true);
      }
      if (req.connection) keyedLast.set(req.connection, keyed);
    });
    try {
      const keptAlive = ['AUTH-LIST-KEPT-ALIVE', 'AUTH-CREATE-KEPT-ALIVE', 'AUTH-GET-KEPT-ALIVE'];
      const args = ['--api-key', KEY, '--profile', 'ci', '--only', keptAlive.join(',')];
      const result = await runCli(['run', '--base-url', server.baseUrl, ...args]);
      expect(result.code).toBe(0);
      expect(readReport(result).checks.filter((c) => c.verdict === 'pass').length).toBe(3);
      expect(keyless.length).toBeGreaterThan(3);
      expect(keyless.every(Boolean)).toBe(true);
      expect(counts.peak).toBeGreaterThan(3);
    } finally {
      await server.close();
    }
  });
});
