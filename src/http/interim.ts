import type { Socket } from 'node:net';
import { REQUEST_LINE } from './request-line.ts';

const STARTS = ['HTTP/1.1 100', 'HTTP/1.0 100'];
/** Octets an interim answer's head may take, at most, before it is taken for something else. */
const MAX_INTERIM = 8192;

/**
 * The length of the interim 100 answer `data` starts with; 'more' when its octets cannot tell
 * yet; undefined when it starts with something else.
 */
function interimLength(data: Buffer): number | 'more' | undefined {
  const text = data.subarray(0, MAX_INTERIM).toString('latin1');
  if (text.length <= 12) return STARTS.some((s) => s.startsWith(text)) ? 'more' : undefined;
  if (!/^HTTP\/1\.[01] 100[ \r]/.test(text)) return undefined;
  const end = text.indexOf('\r\n\r\n');
  if (end >= 0) return end + 4;
  return text.length < MAX_INTERIM ? 'more' : undefined;
}

/**
 * The socket, every interim 100 (Continue) answer left out of the octets it reads at the start of
 * an answer. RFC 9110 15.2: a client MUST be able to parse 1xx answers it did not expect; undici 7
 * takes an unasked 100 for a broken response and drops the connection (other 1xx it passes on,
 * and the harness skips them: transfer.ts). The harness never sends Expect, so a 100 is always
 * unasked, and never the answer.
 */
export function skippingContinue(socket: Socket): Socket {
  // True from a request's head on until the first octets of its answer that are no 100.
  let atAnswer = false;
  let held: Buffer | undefined;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((data: unknown, ...rest: unknown[]) => {
    // Outermost on the socket (connections.ts): it sees undici's 1.1 head before any rewrite.
    if (typeof data === 'string' && REQUEST_LINE.test(data)) atAnswer = true;
    return write(data, ...rest);
  }) as Socket['write'];
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    const chunk = read(size) as Buffer | null;
    if (!atAnswer || chunk === null) return chunk;
    let data = held ? Buffer.concat([held, chunk]) : chunk;
    held = undefined;
    for (;;) {
      const length = interimLength(data);
      if (length === undefined) {
        atAnswer = false;
        return data;
      }
      // Held until more octets come: undici reads again when the socket is readable.
      if (length === 'more') {
        held = data;
        return null;
      }
      data = data.subarray(length);
      if (data.length === 0) return null;
    }
  };
  return socket;
}
