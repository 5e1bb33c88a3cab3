import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { RequestOctets } from './request-octets.ts';

/**
 * How a server of the matrix serves its connections, where that is the point of it: test-only
 * knobs on the node:http server `listen` made, so the reference server itself (whose code is
 * mutated, docs/mutation.md) has none it never uses.
 */
export interface Transport {
  /**
   * Closes a kept-alive connection idle this long, without a word (no `Keep-Alive` hint), as
   * RFC 9112 9.8 allows: a client may meet it closed as it sends.
   */
  idleCloseMs?: number;
  /**
   * Closes every Nth connection, as a request comes on it after its first, without answering:
   * an idle close that crossed a request on its way (RFC 9112 9.8), met at will.
   */
  closeOnReuseEvery?: number;
  /**
   * Serves at most this many connections at once: more wait, unread, until one closes; a
   * connection is closed after its answer while others wait.
   */
  maxConnections?: number;
  /**
   * Reads each connection's octets before node:http does, as a hand-written parser would: when
   * this says a reason for what has come so far, the connection gets a 400 with an Error body
   * and is closed. (node:http parses chunk extensions and trailers well; a server of the matrix
   * that does not has to see the octets itself.)
   */
  refuseOctets?: (octets: RequestOctets) => string | undefined;
  /**
   * Answers a request whose Authorization is not `Bearer <the key>` 401 as soon as its head has
   * come, without reading its body, and closes the connection (`Connection: close`): a body
   * still on its way meets a closed connection (RFC 9112 9.6: a server should close in stages;
   * many close at once).
   */
  refuseEarlyUnlessKey?: boolean;
  /**
   * Answers a request whose Content-Length passes this many octets 413 with an Error body as
   * soon as its head has come, without reading its body, and closes the connection: a body
   * size limit as a proxy in front keeps it (a large body meets a closed connection).
   */
  refuseLargerThan?: number;
  /** Writes the body GET would get after a HEAD's answer, as a hand-written response writer does. */
  bodyAfterHead?: boolean;
  /** Answers a HEAD with `Connection: close` and closes the connection (RFC 9112 9.6 allows it). */
  closeAfterHead?: boolean;
}

/** Gives a listening server the transport's ways. */
export function applyTransport(server: Server, transport: Transport, apiKey: string): void {
  if (transport.idleCloseMs !== undefined) closeIdleSilently(server, transport.idleCloseMs);
  if (transport.maxConnections !== undefined) serveAtMost(server, transport.maxConnections);
  if (transport.closeOnReuseEvery !== undefined) closeOnReuse(server, transport.closeOnReuseEvery);
  if (transport.refuseOctets) screenOctets(server, transport.refuseOctets);
  if (transport.refuseEarlyUnlessKey) refuseEarly(server, apiKey);
  if (transport.refuseLargerThan !== undefined) refuseLarge(server, transport.refuseLargerThan);
  if (transport.bodyAfterHead) bodyAfterHead(server);
  if (transport.closeAfterHead) closeAfterHead(server);
}

/** See Transport.refuseLargerThan. */
function refuseLarge(server: Server, limit: number): void {
  answerAtTheHead(server, (req) => Number(req.headers['content-length']) > limit, 413, {
    code: 'too_large',
    message: 'Body too large.',
    status: 413,
  });
}

/** See Transport.refuseEarlyUnlessKey. */
function refuseEarly(server: Server, key: string): void {
  answerAtTheHead(
    server,
    (req) => req.headers.authorization !== `Bearer ${key}`,
    401,
    { code: 'unauthorized', message: 'No key.', status: 401 },
    { 'www-authenticate': 'Bearer' },
  );
}

/**
 * Answers a request `refused` picks with `status` and `error` as soon as its head has come,
 * without reading its body, and closes the connection at once; the others go on as before.
 */
function answerAtTheHead(
  server: Server,
  refused: (req: IncomingMessage) => boolean,
  status: number,
  error: object,
  headers: Record<string, string> = {},
): void {
  const listeners = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!refused(req)) {
      for (const listener of listeners) listener.call(server, req, res);
      return;
    }
    const body = JSON.stringify(error);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...headers,
      connection: 'close',
    });
    res.end(body, () => req.socket.destroy());
  });
}

/** A raw 400 with an Error body, and the connection closed. */
function refusal(reason: string): string {
  const body = JSON.stringify({ code: 'bad_request', message: reason, status: 400 });
  return `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/**
 * See Transport.refuseOctets: each connection's octets screened before node:http reads them.
 */
function screenOctets(
  server: Server,
  refuses: (octets: RequestOctets) => string | undefined,
): void {
  interpose(server, () => {
    const seen = new RequestOctets();
    return (chunk, socket, inner) => {
      const reason = refuses(seen.feed(chunk.toString('latin1')));
      if (reason === undefined) inner.push(chunk);
      else {
        socket.end(refusal(reason));
        inner.push(null);
      }
    };
  });
}

/** What a connection's octets go through on their way to node:http (interpose). */
type Passage = (chunk: Buffer, socket: Socket, inner: Duplex) => void;

/**
 * node:http takes any Duplex as a connection: each socket is handed to it through one whose
 * readable side gets what `passage` (made afresh for each connection) pushes of the octets.
 */
function interpose(server: Server, passage: () => Passage): void {
  const handlers = server.listeners('connection') as ((socket: Duplex) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const inner = new Duplex({
      read() {},
      write: (chunk, encoding, done) => socket.write(chunk, encoding, done),
      final: (done) => socket.end(done),
      destroy: (error, done) => {
        socket.destroy();
        done(error);
      },
    });
    // What node:http asks of a socket beyond a Duplex.
    Object.assign(inner, {
      setTimeout: () => inner,
      setNoDelay: () => inner,
      setKeepAlive: () => inner,
    });
    const pass = passage();
    socket.on('data', (chunk: Buffer) => pass(chunk, socket, inner));
    socket.on('end', () => inner.push(null));
    socket.on('close', () => inner.destroy());
    socket.on('error', () => inner.destroy());
    for (const handler of handlers) handler.call(server, inner);
  });
}

/** See Transport.bodyAfterHead: a HEAD's answer ends, then the body GET would get is written. */
function bodyAfterHead(server: Server): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'HEAD') return;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array)
        res.once('finish', () => req.socket.write(chunk));
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
  });
}

/** See Transport.closeAfterHead. */
function closeAfterHead(server: Server): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'HEAD') res.setHeader('connection', 'close');
  });
}

/** See Transport.idleCloseMs. */
function closeIdleSilently(server: Server, idleMs: number): void {
  // No timeout of node's own: it would announce itself in a Keep-Alive header.
  server.keepAliveTimeout = 0;
  server.on('request', (req, res) => {
    const socket = req.socket as Socket & { idleTimer?: NodeJS.Timeout };
    clearTimeout(socket.idleTimer);
    res.on('finish', () => {
      socket.idleTimer = setTimeout(() => socket.destroy(), idleMs);
    });
  });
}

/** See Transport.closeOnReuseEvery. */
function closeOnReuse(server: Server, every: number): void {
  let connections = 0;
  // Per connection: its number, and how many requests came on it.
  const seen = new WeakMap<Socket, { index: number; requests: number }>();
  // The server's own request listeners (the app's among them) are called from here, so that a
  // request met by the close reaches none of them: the app never sees it, nothing is applied
  // (a prepended listener let the app create a pet it then could not answer for).
  const listeners = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const mine = seen.get(socket) ?? { index: ++connections, requests: 0 };
    seen.set(socket, mine);
    if (++mine.requests === 2 && mine.index % every === 0) {
      socket.destroy();
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}

/** See Transport.maxConnections. */
function serveAtMost(server: Server, max: number): void {
  let serving = 0;
  const waiting: Socket[] = [];
  const serve = (socket: Socket) => {
    serving++;
    socket.once('close', () => {
      serving--;
      const next = waiting.shift();
      if (next) serve(next);
    });
    socket.resume();
  };
  server.on('connection', (socket) => {
    if (serving < max) serve(socket);
    else {
      socket.pause();
      waiting.push(socket);
    }
  });
  server.on('request', (_req, res) => {
    if (waiting.length > 0) res.setHeader('connection', 'close');
  });
}
