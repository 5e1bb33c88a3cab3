import { createReferenceApp, type ReferenceOptions } from './app.ts';
import { listen, type RunningServer } from './server.ts';

export { createReferenceApp, normalizePath, type ReferenceOptions } from './app.ts';
export { type ListenOptions, listen, type RunningServer } from './server.ts';
export type { AppRequest, AppResponse, Clock, Handler } from './types.ts';

/** Starts the conformant reference server; port 0 (the default) picks a free loopback port. */
export function startReferenceServer(
  options: ReferenceOptions & { port?: number; host?: string },
): Promise<RunningServer> {
  const { port, host, ...app } = options;
  return listen(createReferenceApp(app), {
    ...(port === undefined ? {} : { port }),
    ...(host === undefined ? {} : { host }),
    ...(app.clock ? { clock: app.clock } : {}),
  });
}
