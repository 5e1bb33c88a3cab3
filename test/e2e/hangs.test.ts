import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppResponse, Handler } from '../../src/reference/index.ts';
import { startFault } from '../faults/catalog.ts';
import { ITEM, intercept } from '../faults/wrap.ts';
import { type CliResult, readReport, runCli } from '../support/cli.ts';

const KEY = 'hang-key-0123456789';
const TIMEOUT = 400;

async function serve(name: string, wrap: (app: Handler) => Handler) {
  const server = await startFault({ name, description: name, wrap }, KEY);
  afterAll(() => server.close());
  return server;
}

function run(baseUrl: string): Promise<CliResult> {
  const args = ['--api-key', KEY, '--profile', 'ci', '--timeout', String(TIMEOUT)];
  return runCli(['run', '--base-url', baseUrl, ...args]);
}

/** The checks that failed because a request of theirs went unanswered. */
function unansweredChecks(result: CliResult): string[] {
  const noAnswer = new RegExp(`^no answer within ${TIMEOUT} ms to GET \\S+/v1/pets/`);
  return readReport(result)
    .checks.filter((c) => c.verdict === 'fail' && noAnswer.test(c.message))
    .map((c) => c.id);
}

// The documented bound: a run waits out at most one unanswered request per check (60 checks),
// on top of the ~5 s a run takes anyway; with these targets far fewer checks meet the hang.
const BOUND_MS = 15_000 + 60 * TIMEOUT;

describe('a target that hangs', async () => {
  const hangsOnGet = await serve('hangs-on-get', (app) =>
    intercept(app, 'GET', ITEM, () => ({ status: 200, hang: true })),
  );
  const tricklesOnGet = await serve(
    'trickles-on-get',
    (app) =>
      async (req): Promise<AppResponse> => {
        const res = await app(req);
        return /\/pets\/[^/]+$/.test(req.path) && req.method === 'GET'
          ? { ...res, trickleMs: 50 }
          : res;
      },
  );
  let answered = 0;
  const stopsAnswering = await serve('stops-answering', (app) => (req) => {
    // The preflight and the list read before seeding get answers; nothing after that does.
    answered++;
    return answered <= 2 ? app(req) : { status: 200, hang: true };
  });

  it('fails each check whose request goes unanswered, "no answer within N ms", and ends', async () => {
    const result = await run(hangsOnGet.baseUrl);
    expect(result.code).toBe(1);
    expect(unansweredChecks(result)).toContain('GET-200-PET');
    // No check was cut short by the test runner's own deadline instead.
    expect(
      readReport(result)
        .checks.map((c) => c.message)
        .join('\n'),
    ).not.toMatch(/timed out/i);
    expect(result.durationMs).toBeLessThan(BOUND_MS);
  });

  it('holds a body sent byte by byte to the same deadline', async () => {
    const result = await run(tricklesOnGet.baseUrl);
    expect(result.code).toBe(1);
    expect(unansweredChecks(result)).toContain('GET-200-PET');
    expect(result.durationMs).toBeLessThan(BOUND_MS);
  });

  it('stops sending after a few unanswered requests in a row: the rest is skipped, not waited', async () => {
    const result = await run(stopsAnswering.baseUrl);
    expect(result.code).toBe(1);
    const report = readReport(result);
    const held = report.checks.filter((c) => /requests in a row unanswered/.test(c.message));
    expect(held.length).toBeGreaterThan(report.checks.length / 2);
    expect(held.every((c) => c.verdict === 'skip')).toBe(true);
    // A few timeouts, not one per check.
    expect(result.durationMs).toBeLessThan(15_000 + 6 * TIMEOUT);
  });

  it('a server that accepts connections and never answers: exit 2, one line', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const result = await run(`http://127.0.0.1:${port}/v1`);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toEqual([
        `petstore-conformance: cannot reach http://127.0.0.1:${port}/v1: no answer within ${TIMEOUT} ms`,
      ]);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
