import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP proxy on loopback that is a target of a known capacity: `servers` at once, `serviceMs` each. */
export interface CapacityProxy {
  /** `http://127.0.0.1:port`: the upstream origin, seen through the proxy. */
  origin: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
]);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts a proxy to `upstream` that serves at most `servers` requests at once, each held
 * `serviceMs` before it is forwarded; the rest wait their turn, as at a service with that many
 * workers. Its capacity is `servers / serviceMs` requests a millisecond: the bench compares the
 * harness's wall with requests x serviceMs / servers.
 */
export async function startCapacityProxy(
  upstream: string,
  servers: number,
  serviceMs: number,
): Promise<CapacityProxy> {
  let busy = 0;
  const waiting: Array<() => void> = [];
  const turn = (): Promise<void> => {
    if (busy >= servers) return new Promise<void>((resolve) => waiting.push(resolve));
    busy++;
    return Promise.resolve();
  };
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    // The service time is the slot's: forwarding to the real server after it is not counted,
    // so the proxy's capacity is exactly `servers / serviceMs`.
    await turn();
    await new Promise((resolve) => setTimeout(resolve, serviceMs));
    done();
    try {
      // A proxy forwards the end-to-end fields: the hop-by-hop ones (RFC 9110 7.6.1) and the
      // framing are its own to write again.
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !HOP_BY_HOP.has(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${upstream}${originForm(req.url ?? '/')}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body.length ? { body } : {}),
      });
      const out = Buffer.from(await answer.arrayBuffer());
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
          res.setHeader(name, value);
      });
      res.statusCode = answer.status;
      res.end(out);
    } catch {
      res.statusCode = 502;
      res.end();
    }
  };
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The path and query of a request target: a target in absolute-form (RFC 9112 3.2.2, which a
 * server MUST accept: EQUIV-URI sends it) is forwarded in origin-form, as a gateway does.
 */
function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}
