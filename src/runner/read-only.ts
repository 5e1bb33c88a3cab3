import type { HttpClient } from '../http/client.ts';

/** A client that refuses to send anything but GET: the probe profile's promise, enforced. */
export function readOnly(client: HttpClient): HttpClient {
  return {
    send: (options) => {
      if (options.method !== 'GET') {
        throw new Error(`read-only run: refusing to send ${options.method} ${options.path}`);
      }
      return client.send(options);
    },
    close: () => client.close(),
  };
}
