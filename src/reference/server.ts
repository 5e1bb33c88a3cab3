import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'lossless-json';
import { VERSION_PREFIX } from '../contract/contract.ts';
import type { AppRequest, AppResponse, Clock, Handler } from './types.ts';

export interface ListenOptions {
  port?: number;
  host?: string;
  /** The clock behind the `Date` header; the app's clock should be the same one. */
  clock?: Clock;
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
    httpVersion: req.httpVersion,
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
