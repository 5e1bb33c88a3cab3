import type { Interceptor } from '../http/interceptor.ts';

/** Refuses to send anything but GET: the probe profile's promise, enforced. */
export const readOnly: Interceptor = (next) => (options) => {
  if (options.method !== 'GET') {
    throw new Error(`read-only run: refusing to send ${options.method} ${options.path}`);
  }
  return next(options);
};
