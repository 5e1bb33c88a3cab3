import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy on loopback that holds every chunk back a fixed time, each way. */
export interface DelayProxy {
  /** `http://127.0.0.1:port`: the upstream origin, seen through the proxy. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Forwards `from` to `to`, each chunk (and the end) `delayMs` after it arrived. A fixed delay
 * keeps the order: every chunk is due in the order it came.
 */
function pipeDelayed(from: Socket, to: Socket, delayMs: number): void {
  const later = (fn: () => void) => (delayMs > 0 ? setTimeout(fn, delayMs) : setImmediate(fn));
  from.on('data', (chunk) => later(() => to.destroyed || to.write(chunk)));
  from.on('end', () => later(() => to.end()));
  from.on('error', () => to.destroy());
  from.on('close', () => later(() => to.destroy()));
}

/**
 * Starts a proxy to `upstream` (host and port) that makes it look `delayMs` away each way, as a
 * staging service in another region would be: the bench's remote-target scenario. Loopback only.
 */
export async function startDelayProxy(
  upstream: { host: string; port: number },
  delayMs: number,
): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const remote = connect(upstream.port, upstream.host);
    for (const s of [client, remote]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pipeDelayed(client, remote, delayMs);
    pipeDelayed(remote, client, delayMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
