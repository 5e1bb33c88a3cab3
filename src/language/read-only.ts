import type { Interceptor } from '../http/interceptor.ts';

/** The safe methods of RFC 9110 9.2.1: read-only by definition. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses to send anything but a safe method: the probe profile's promise, enforced. */
export const readOnly: Interceptor = (next) => (options) => {
  if (!SAFE.has(options.method)) {
    throw new Error(`read-only run: refusing to send ${options.method} ${options.path}`);
  }
  return next(options);
};
