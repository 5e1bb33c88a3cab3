import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/reference/app.ts';
import { listen } from '../../src/reference/index.ts';
import { runCli } from '../support/cli.ts';

const KEY = 'e2e-wait-test-key-0123456789';

/** A loopback port nothing listens on (for now). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('--wait-for-target', () => {
  it('waits for a service that starts after the run, then checks it: exit 0', async () => {
    const port = await freePort();
    const run = runCli(
      [
        'run',
        '--base-url',
        `http://127.0.0.1:${port}/v1`,
        '--only',
        'LIST-200',
        '--wait-for-target',
        '60',
      ],
      { env: { PETSTORE_API_KEY: KEY } },
    );
    // The service comes up a while after the harness started, as a CI job's background step would.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const server = await listen(createReferenceApp({ apiKey: KEY }), { port });
    try {
      const result = await run;
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('gives up after S seconds with one line saying it waited', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/v1`;
    const result = await runCli(['run', '--base-url', url, '--wait-for-target', '1'], {
      env: { PETSTORE_API_KEY: KEY },
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/cannot reach .*: .*\(waited up to 1 s for it: --wait-for-target\)$/),
    ]);
  });
});
