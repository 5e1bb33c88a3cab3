import type { Socket } from 'node:net';

// undici 7 writes the request line first in the one latin1 string of the header section
// (lib/dispatcher/client-h1.js: `${method} ${path} HTTP/1.1\r\n`), and speaks no other version.
/** A request's head as undici writes it: the request line, method and target, then 1.1. */
export const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+ [^ \r\n]+ )HTTP\/1\.1\r\n/;

/**
 * The socket, its request lines written as HTTP/1.0 (RFC 9112 2.3): a server MUST answer
 * a 1.0 request in a version the client can read, and it gets the same authentication as any
 * other. An old proxy or a health checker still sends 1.0, so a server may treat it otherwise.
 */
export function asHttp10(socket: Socket, withoutHost = false): Socket {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((data: unknown, ...rest: unknown[]) =>
    write(
      typeof data === 'string' ? asHead10(data, withoutHost) : data,
      ...rest,
    )) as Socket['write'];
  return socket;
}

/**
 * A head undici wrote, as HTTP/1.0 on a connection that closes after it (without its Host field
 * when `withoutHost`): a 1.0 answer may be
 * framed by the close alone (no chunked coding in 1.0), and undici reads to the close only when
 * the answer does not keep the connection, which a server may echo from the request.
 */
function asHead10(text: string, withoutHost: boolean): string {
  if (!REQUEST_LINE.test(text)) return text;
  const head = text
    .replace(REQUEST_LINE, '$1HTTP/1.0\r\n')
    .replace(/\r\nconnection: keep-alive\r\n/i, '\r\nconnection: close\r\n');
  // HTTP/1.0 has no Host field (RFC 1945): an old client or a health checker sends none.
  return withoutHost ? head.replace(/\r\nhost: [^\r\n]*(?=\r\n)/i, '') : head;
}

/**
 * The socket, each request head written with `fields` (lines `name: value\r\n`) after its
 * request line: fields undici refuses to write itself, as curl and browsers send them:
 * `Expect: 100-continue` (RFC 9110 10.1.1) with a large body (the body follows at once, a client
 * need not wait for the 100, and the 100 is read past: interim.ts), `Upgrade` (RFC 9110 7.8). A
 * server handles such a request on a path of its own (node:http's 'checkContinue' and
 * 'upgrade' events), which may skip what its other path does.
 */
export function withFields(socket: Socket, fields: string): Socket {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((data: unknown, ...rest: unknown[]) =>
    write(
      typeof data === 'string' && REQUEST_LINE.test(data)
        ? data.replace(REQUEST_LINE, `$&${fields}`)
        : data,
      ...rest,
    )) as Socket['write'];
  return socket;
}

/** Field lines for a head (withFields), from their names and values. */
export function fieldLines(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

/**
 * The socket, a HEAD of its first request (same target, same fields) written before it; the
 * request itself goes once the HEAD's answer head has come, on the same connection, as curl
 * sends `-I URL --next URL` (RFC 9112 9.3: a persistent connection). The HEAD's answer, a header
 * section and no content (RFC 9110 9.3.2), is left out of the octets undici reads, and its first
 * line is handed to `seen`. Octets a server writes after that head (a body it should not have
 * sent) then reach undici as the start of the request's own answer.
 */
export function withHeadFirst(socket: Socket, seen: (line: string) => void): Socket {
  let held: (() => void) | undefined;
  let headDone = false;
  let written = false;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((data: unknown, ...rest: unknown[]) => {
    if (written || typeof data !== 'string' || !REQUEST_LINE.test(data))
      return write(data, ...rest);
    written = true;
    write(data.replace(/^[^ ]+ /, 'HEAD '), 'latin1');
    // Not pipelined: a server that closes after the HEAD's answer meets no request it dropped.
    const own = () => write(data, ...rest);
    if (headDone) own();
    else held = own;
    return true;
  }) as Socket['write'];
  return skippingFirstHead(socket, (head) => {
    headDone = true;
    seen(head.split('\r\n', 1)[0] ?? '');
    const own = held;
    held = undefined;
    // RFC 9112 9.6: a client that receives the close option MUST send no more requests on that
    // connection; it ends here, and the request goes again on a new one (retry.ts).
    if (closing(head)) socket.destroy();
    else own?.();
  });
}

/** True when an answer head ends its connection: the close option, or HTTP/1.0 without keep-alive. */
function closing(head: string): boolean {
  const connection = /\r\nconnection:([^\r\n]*)/i.exec(head)?.[1] ?? '';
  if (/(?:^|,)\s*close\s*(?:,|$)/i.test(connection)) return true;
  return head.startsWith('HTTP/1.0') && !/(?:^|,)\s*keep-alive\s*(?:,|$)/i.test(connection);
}
/** Octets a HEAD's answer head may take before it is taken for something else. */
const MAX_HEAD_ANSWER = 256 * 1024;

/**
 * The socket, the first header section it reads (the HEAD's answer) left out of its octets and
 * handed to `seen`.
 */
function skippingFirstHead(socket: Socket, seen: (line: string) => void): Socket {
  let held: Buffer | undefined;
  let done = false;
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    const chunk = read(size) as Buffer | null;
    if (done || chunk === null) return chunk;
    let data = held ? Buffer.concat([held, chunk]) : chunk;
    held = undefined;
    for (;;) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0 && data.length < MAX_HEAD_ANSWER) {
        // Held until the head is whole: undici reads again when the socket is readable.
        held = data;
        return null;
      }
      const head = data.subarray(0, end < 0 ? 200 : end).toString('latin1');
      if (end < 0) {
        done = true;
        seen(head);
        return data;
      }
      data = data.subarray(end + 4);
      // An interim 1xx answer before the HEAD's own (100 Continue): read past, the HEAD's follows.
      if (/^HTTP\/1\.[01] 1\d\d[ \r]/.test(head)) continue;
      done = true;
      seen(head);
      return data.length ? data : null;
    }
  };
  return socket;
}
