import type { HttpClient, SendOptions } from './client.ts';
import type { Exchange } from './exchange.ts';

/** Sends one request and resolves with its exchange (an HttpClient's `send`). */
export type Send = (options: SendOptions) => Promise<Exchange>;

/**
 * One job around sending (throttling, recording, noting pets, refusing writes, retrying): it
 * takes the next `send` and returns its own, as undici's interceptors take and return a
 * `dispatch`. These work on whole exchanges (the request as sent, the answer as read and
 * parsed), which undici's dispatch-level interceptors see only as a stream of callbacks.
 */
export type Interceptor = (next: Send) => Send;

/**
 * The client with the interceptors around it, composed as undici's `Dispatcher.compose` does:
 * each wraps the ones before it, so the last one listed is the first a request meets and the
 * first one listed is the nearest to the wire.
 */
export function compose(client: HttpClient, ...interceptors: Interceptor[]): HttpClient {
  let send: Send = (options) => client.send(options);
  for (const intercept of interceptors) send = intercept(send);
  return { send, close: () => client.close() };
}
