import { BODY_CUT_OFF, CLOSED_CODES } from './client.ts';
import type { Exchange } from './exchange.ts';
import type { Interceptor } from './interceptor.ts';

/**
 * Failures of a connection that the server closed while it was idle: the request met a socket
 * already shut, and nothing of an answer came. RFC 9112 9.8 lets a server close an idle
 * connection without a word, and 9.3.1.1 lets a client send such a request again on a new one.
 */
const CLOSED_UNDER_IT = new Set([...CLOSED_CODES, BODY_CUT_OFF]);

/** True when the exchange failed on a closed connection before any of its answer arrived. */
export function metClosedConnection(ex: Exchange): boolean {
  const error = ex.error;
  return error !== undefined && CLOSED_UNDER_IT.has(error.code) && !error.afterAnswerBegan;
}

/**
 * Sends a request again when its connection was closed under it before any byte of the
 * answer came, on a connection opened for it: an idle one of the pool may be closing too. Both attempts
 * are kept: the first in the run's log and in the second's `earlier`, so the evidence shows it.
 * The last failure counts as the target's answer.
 */
export const retryingClosedConnections: Interceptor = (next) => async (options) => {
  let last = await next(options);
  // A body in pieces races an answer that comes before it is whole: a server that refuses at
  // the head (a 401) and closes may meet the next piece's write first, on a loaded machine
  // again and again (three tries all lost it in npm test on 27 November). Such a request has
  // five tries, each with a longer gap between its pieces (50, 100, 200, 400 ms): the answer
  // then comes, and is read, before the next piece's write meets the closed connection. Any
  // other request has two tries.
  const tries = options.bodyChunks ? 5 : 2;
  const earlier: NonNullable<Exchange['earlier']> = [];
  for (let n = 1; n < tries && metClosedConnection(last) && last.error; n++) {
    earlier.push(...(last.earlier ?? []), {
      error: last.error,
      durationMs: last.durationMs,
      why: options.afterOwnHead
        ? 'its connection was closed after the HEAD sent before it, before any byte of its own answer came (RFC 9112 9.3.1.1: a client sends it again)'
        : 'its connection was closed before any byte of the answer came (RFC 9112 9.3.1.1)',
    });
    const gap = options.bodyChunks ? { pieceGapMs: 25 * 2 ** n } : {};
    // A server may close a connection after any answer: the request goes again, alone.
    const { afterOwnHead: _, ...alone } = options;
    last = await next({ ...alone, freshConnection: true, ...gap });
  }
  return earlier.length ? { ...last, earlier: [...earlier, ...(last.earlier ?? [])] } : last;
};
