import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { stringify } from 'lossless-json';
import { VERSION_PREFIX } from '../contract/contract.ts';
import type { AppRequest, AppResponse, Clock, Handler } from './types.ts';

export interface ListenOptions {
  port?: number;
  host?: string;
  /** The clock behind the `Date` header; the app's clock should be the same one. */
  clock?: Clock;
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
}

export interface RunningServer {
  /** `http://host:port` */
  origin: string;
  /** The origin plus the version prefix: what the harness is pointed at. */
  baseUrl: string;
  server: Server;
  close(): Promise<void>;
}

async function readRequest(req: IncomingMessage): Promise<AppRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    headers[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    target: req.url ?? '/',
    rawHeaders: req.rawHeaders,
    query: url.searchParams,
    headers,
    body: Buffer.concat(chunks).toString('utf8'),
    connection: req.socket,
  };
}

function writeResponse(res: ServerResponse, answer: AppResponse, clock: Clock): void {
  if (answer.hang) return;
  res.statusCode = answer.status;
  res.setHeader('date', clock().toUTCString());
  let body: string | Uint8Array | undefined = answer.raw;
  if (body === undefined && answer.json !== undefined) {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    // Ids and categoryIds are bigints: lossless-json writes them as the exact integers they are.
    body = stringify(answer.json);
  }
  for (const [k, v] of Object.entries(answer.headers ?? {})) {
    if (v !== '') res.setHeader(k, v);
    else {
      // An empty value leaves the field out, Date included (for servers of the fault matrix).
      res.removeHeader(k);
      if (k === 'date') res.sendDate = false;
    }
  }
  if (answer.trickleMs) trickle(res, Buffer.from(body ?? ''), answer.trickleMs);
  else res.end(body);
}

/** Sends a body byte by byte, slowly, until it is done or the client hangs up. */
function trickle(res: ServerResponse, body: Buffer, everyMs: number): void {
  res.flushHeaders();
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= body.length) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(body.subarray(sent, ++sent));
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

function internalError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) return void res.destroy();
  res.statusCode = 500;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ code: 'internal', message: String(error), status: 500 }));
}

/** See ListenOptions.idleCloseMs. */
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

/** See ListenOptions.closeOnReuseEvery. */
function closeOnReuse(server: Server, every: number): void {
  let connections = 0;
  // Per connection: its number, and how many requests came on it.
  const seen = new WeakMap<Socket, { index: number; requests: number }>();
  server.prependListener('request', (req) => {
    const socket = req.socket;
    const mine = seen.get(socket) ?? { index: ++connections, requests: 0 };
    seen.set(socket, mine);
    // Destroyed before the request is read: the app never sees it, nothing of an answer goes.
    if (++mine.requests === 2 && mine.index % every === 0) socket.destroy();
  });
}

/** See ListenOptions.maxConnections. */
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

/** Serves a handler over node:http on loopback; port 0 picks a free port. */
export async function listen(
  handler: Handler,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const clock = options.clock ?? (() => new Date());
  const server = createServer((req, res) => {
    readRequest(req)
      .then((appReq) => handler(appReq))
      .then((answer) => writeResponse(res, answer, clock))
      .catch((error: unknown) => internalError(res, error));
  });
  // Keep-alive sockets would hold close() open; the harness reconnects cheaply on loopback.
  server.keepAliveTimeout = 5_000;
  if (options.idleCloseMs !== undefined) closeIdleSilently(server, options.idleCloseMs);
  if (options.maxConnections !== undefined) serveAtMost(server, options.maxConnections);
  if (options.closeOnReuseEvery !== undefined) closeOnReuse(server, options.closeOnReuseEvery);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    baseUrl: `${origin}${VERSION_PREFIX}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
