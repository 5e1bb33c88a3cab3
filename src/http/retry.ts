import type { Exchange } from './exchange.ts';
import type { Interceptor } from './interceptor.ts';

/**
 * Failures of a connection that the server closed while it was idle: the request met a socket
 * already shut, and nothing of an answer came. RFC 9112 9.8 lets a server close an idle
 * connection without a word, and 9.3.1.1 lets a client send such a request again on a new one.
 */
const CLOSED_UNDER_IT = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

/** True when the exchange failed on a closed connection before any of its answer arrived. */
export function metClosedConnection(ex: Exchange): boolean {
  const error = ex.error;
  return error !== undefined && CLOSED_UNDER_IT.has(error.code) && !error.afterAnswerBegan;
}

/**
 * Sends a request again, once, when its connection was closed under it before any byte of the
 * answer came, on a connection opened for it: an idle one of the pool may be closing too. Both attempts
 * are kept: the first in the run's log and in the second's `earlier`, so the evidence shows it.
 * A second failure counts as the target's answer.
 */
export const retryingClosedConnections: Interceptor = (next) => async (options) => {
  const first = await next(options);
  if (!metClosedConnection(first) || !first.error) return first;
  const again = await next({ ...options, freshConnection: true });
  const earlier = {
    error: first.error,
    durationMs: first.durationMs,
    why: 'its connection was closed before any byte of the answer came (RFC 9112 9.3.1.1)',
  };
  return { ...again, earlier: [...(first.earlier ?? []), earlier, ...(again.earlier ?? [])] };
};
