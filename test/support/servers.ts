import { afterAll } from 'vitest';
import { type Handler, listen, type RunningServer } from '../../src/reference/index.ts';
import { startFault } from '../faults/catalog.ts';

/** Serves a handler on a free loopback port for the rest of the test file. */
export async function serveForFile(handler: Handler): Promise<RunningServer> {
  const server = await listen(handler);
  afterAll(() => server.close());
  return server;
}

/** Serves the reference app wrapped by `wrap` (a one-off broken server) for the rest of the file. */
export async function serveWrappedForFile(
  name: string,
  wrap: (app: Handler) => Handler,
  apiKey: string,
): Promise<RunningServer> {
  const server = await startFault({ name, description: name, wrap }, apiKey);
  afterAll(() => server.close());
  return server;
}
