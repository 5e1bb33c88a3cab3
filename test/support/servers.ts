import { afterAll } from 'vitest';
import { type Handler, listen, type RunningServer } from '../../src/reference/index.ts';

/** Serves a handler on a free loopback port for the rest of the test file. */
export async function serveForFile(handler: Handler): Promise<RunningServer> {
  const server = await listen(handler);
  afterAll(() => server.close());
  return server;
}
