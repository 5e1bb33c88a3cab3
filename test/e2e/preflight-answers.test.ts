import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../../src/reference/index.ts';
import { findFault } from '../faults/catalog.ts';
import type { FaultContext } from '../faults/types.ts';
import { LIST, matches } from '../faults/wrap.ts';
import { type CliResult, readReport, runCli } from '../support/cli.ts';
import { serveWrappedForFile } from '../support/servers.ts';

const KEY = 'preflight-answers-key-0123456789';
// Long enough that a loaded 2-core machine answers every request that is not hung in time.
const TIMEOUT = 1000;
// What a run takes anyway on a loaded machine, on top of the deadlines it waits out.
const BASE_MS = 15_000;

function run(baseUrl: string): Promise<CliResult> {
  const args = ['--api-key', KEY, '--profile', 'ci', '--timeout', String(TIMEOUT)];
  return runCli(['run', '--base-url', baseUrl, ...args]);
}

const failed = (result: CliResult) =>
  readReport(result)
    .checks.filter((c) => c.verdict === 'fail')
    .map((c) => c.id);

/**
 * A target that answers is judged, whatever its preflight request got: exit 1 through the
 * checks' failures, never exit 2 "cannot reach". Only a target that answers nothing is exit 2.
 */
describe('the preflight tells a target that answers from one that does not', async () => {
  const overrun = findFault('list-body-never-completes');
  const neverCompletes = await serveWrappedForFile(
    overrun.name,
    (app) => overrun.wrap(app, { apiKey: KEY } as FaultContext),
    KEY,
  );
  // listPets with the key never begins an answer; without it, and every other route, answer.
  const keyedListHangs = await serveWrappedForFile(
    'keyed-list-hangs',
    (app): Handler =>
      async (req) =>
        matches(req, 'GET', LIST) && req.headers.authorization === `Bearer ${KEY}`
          ? { status: 200, hang: true }
          : app(req),
    KEY,
  );

  it('a listPets whose body never completes (Content-Length 3, 2 octets): exit 1, judged', async () => {
    const result = await run(neverCompletes.baseUrl);
    expect(result.stderr).not.toContain('cannot reach');
    expect(result.code).toBe(1);
    expect(failed(result)).toContain('LIST-200-PETS');
    // Its hang is named as what it is: the answer began, and its body did not end.
    const messages = readReport(result).checks.map((c) => c.message);
    expect(messages.join('\n')).toMatch(
      /no complete answer within 1000 ms \(the status line and headers came/,
    );
  });

  it('a listPets with the key that never answers, on a target that answers it without: exit 1', async () => {
    const result = await run(keyedListHangs.baseUrl);
    expect(result.stderr).not.toContain('cannot reach');
    expect(result.code).toBe(1);
    expect(failed(result)).toContain('LIST-200-PETS');
    // The preflight's request without the key is one of the run's, judged and counted.
    const report = readReport(result);
    expect(report.checks.find((c) => c.id === 'EVERY-ANSWER')?.verdict).not.toBe('fail');
  });

  it('a server that accepts connections and never answers: exit 2, one line, within two --timeout', async () => {
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
      // The preflight's request, then the same without the key: two deadlines, not more.
      expect(result.durationMs).toBeLessThan(BASE_MS + 2 * TIMEOUT);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
