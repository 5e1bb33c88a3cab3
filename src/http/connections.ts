import type { Socket } from 'node:net';
import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';
import { type ChunkFraming, frameChunks } from './chunk-framing.ts';
import { skippingContinue } from './interim.ts';
import { asHttp10, withFields, withHeadFirst } from './request-line.ts';
import { tapReads } from './transfer.ts';
import { undici } from './undici.ts';

/** What a request asks of the connection it goes on. */
export interface ConnectionNeeds {
  /** Chunk extensions and a trailer to add to the chunks undici writes. */
  chunkFraming?: ChunkFraming | undefined;
  /** A connection opened for this request alone (a request sent again, RFC 9112 9.3.1.1). */
  freshConnection?: boolean | undefined;
  /**
   * The request line written as HTTP/1.0, on a connection of its own (request-line.ts); also
   * without the Host field.
   */
  http10?: boolean | 'without-host' | undefined;
  /**
   * Field lines undici refuses to write (`Expect: 100-continue`, `Upgrade`), written after the
   * request line, on a connection of its own (request-line.ts).
   */
  rawFields?: string | undefined;
  /**
   * The request sent after a HEAD of itself, on a connection of its own (request-line.ts
   * withHeadFirst); called with the first line of the HEAD's answer.
   */
  headFirst?: ((line: string) => void) | undefined;
}

/** A dispatcher to send one request through, and what to do once its answer is read. */
export interface Lease {
  dispatcher: Dispatcher;
  release(): void;
}

export interface ConnectionSettings {
  /** Connections kept open to the target at most, by the pool of plain requests. */
  connections: number;
  timeoutMs: number;
  /** undici's connect options: TLS settings. */
  connect?: Record<string, unknown>;
}

/**
 * The connections of one client: a pool for plain requests; one for each framing of chunks (the
 * octets its sockets write are rewritten, chunk-framing.ts); and, for a request sent
 * again after the target closed a connection under it, a connection of its own, so that the
 * second attempt cannot meet another idle connection the target is closing.
 */
/**
 * The most octets of an answer's header section read: neither the contract nor HTTP bounds it
 * (a service may set cookies of 20 KiB: red team M's c06), where undici's default is Node's 16 KiB;
 * a header section that goes on past this is a hostile one, refused, not kept.
 */
export const MAX_HEADER_BYTES = 256 * 1024;

export class Connections {
  private readonly connector: ReturnType<typeof undici.buildConnector>;
  private readonly pools = new Map<string, Dispatcher>();

  constructor(private readonly settings: ConnectionSettings) {
    this.connector = undici.buildConnector({ timeout: settings.timeoutMs, ...settings.connect });
  }

  lease(needs: ConnectionNeeds): Lease {
    const framing = needs.chunkFraming;
    if (needs.freshConnection || needs.http10 || needs.rawFields || needs.headFirst) {
      const options = this.options(framing, needs);
      const own = new undici.Agent({ ...options, connections: 1 });
      // Destroyed, not closed, once its answer is read: a target still holding the request (a
      // hang the deadline ended) must not keep the socket open.
      return { dispatcher: own, release: () => void own.destroy().catch(() => undefined) };
    }
    const key = framing ? JSON.stringify(framing) : '';
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new undici.Agent({
        ...this.options(framing, {}),
        connections: this.settings.connections,
      });
      this.pools.set(key, pool);
    }
    return { dispatcher: pool, release: () => undefined };
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  /** undici's own connector, each socket it opens tapped so an answer knows its socket (transfer.ts). */
  private options(framing: ChunkFraming | undefined, needs: ConnectionNeeds) {
    const { connector } = this;
    const { http10, rawFields, headFirst } = needs;
    const prepare = (socket: Socket) => {
      const versioned = http10 ? asHttp10(socket, http10 === 'without-host') : socket;
      const written = rawFields ? withFields(versioned, rawFields) : versioned;
      const headed = headFirst ? withHeadFirst(written, headFirst) : written;
      const tapped = tapReads(skippingContinue(headed));
      return framing ? frameChunks(tapped, () => framing) : tapped;
    };
    return {
      connect: ((opts, callback) =>
        connector(opts, (error, socket) =>
          error ? callback(error, null) : callback(null, prepare(socket as Socket)),
        )) as Undici.buildConnector.connector,
      headersTimeout: this.settings.timeoutMs,
      bodyTimeout: this.settings.timeoutMs,
      maxHeaderSize: MAX_HEADER_BYTES,
    };
  }
}
