import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { undici } from './undici.ts';

/** One request to send: the URL as built, exactly. */
export interface Transfer {
  url: string;
  method: string;
  /** Header fields; a list of values is sent as that many field lines of one name. */
  headers: Record<string, string | readonly string[]>;
  /** The body: one string, its octets as they are, or pieces sent with chunked framing. */
  body: string | Uint8Array | readonly string[] | undefined;
  /** The whole exchange's deadline, from the call: connecting, waiting and reading. */
  timeoutMs: number;
  /** Largest body kept: the rest is dropped, and the answer is marked truncated. */
  maxBodyBytes: number;
  /** Abandons the request (its reason, an AbortError, is what the call rejects with). */
  signal?: AbortSignal | undefined;
  /** The request target written in absolute-form, the whole URL (RFC 9112 3.2.2). */
  /** The target in absolute-form: the URL's own origin, or this one (another authority). */
  absoluteForm?: boolean | string;
  /** The path and query go as the URL's text spells them, not as new URL resolves them. */
  asWritten?: boolean;
  /** Milliseconds between the pieces of a body in pieces, besides a poll for I/O. */
  pieceGapMs?: number;
}

/** An answer as it came: status, headers as undici parses them, the body's bytes. */
export interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  truncated: boolean;
  /**
   * The length of a truncated body that did end, read past the cap (its octets dropped) within
   * the deadline: an answer too large to judge, not one that never ends.
   */
  wholeBytes?: number;
  /**
   * Set when more octets followed the body than its Content-Length framed: undici reads the
   * framed body and drops the rest with the connection, so the body alone may look sound.
   */
  overrun?: string;
}

/**
 * The socket whose octets undici's parser reads now. undici reads a chunk (`socket.read()`) and
 * parses it at once, calling the handler's hooks as it goes, so during a hook this is the
 * socket of that hook's answer.
 */
let reading: Socket | undefined;

/** Notes each socket as undici reads from it (see `reading`); for the connector's sockets. */
export function tapReads(socket: Socket): Socket {
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    reading = socket;
    return read(size);
  };
  return socket;
}

/**
 * Why undici destroyed a socket just after an answer completed on it, when the cause is octets
 * past that answer with no request waiting for them: llhttp refusing them (an HTTPParserError,
 * `HPE_*`) or undici meeting a response nothing asked for ('bad response').
 */
function overrunOf(socket: Socket): string | undefined {
  const error = socket.errored as (Error & { code?: string }) | null;
  if (!error) return undefined;
  const junk = error.code?.startsWith('HPE_') || error.message === 'bad response';
  return junk
    ? `more octets came after the body than its Content-Length framed (undici: ${error.message})`
    : undefined;
}

/** What a request that ran out of time rejects with (`name` is what callers look at). */
class DeadlineError extends Error {
  override name = 'TimeoutError';
}

/** Why the harness stopped reading an answer it had enough of. */
const CUT = new Error('body cut at the size cap');

/**
 * How many times the cap a body is read, its octets past the cap dropped, to see whether it ends:
 * a conformant list of large pets may pass any cap; a body that goes on past this, or past the
 * deadline, is one that would never end.
 */
const DRAIN_CAPS = 4;

type Abort = (reason: Error) => void;

/**
 * The requests under way that each signal would end. One listener a signal, however many
 * requests share it (a check's requests all do): one each would pass Node's listener limit.
 */
const listening = new WeakMap<AbortSignal, Set<Collector>>();

function listen(signal: AbortSignal, request: Collector): () => void {
  const reason = () => signal.reason ?? new DOMException('aborted', 'AbortError');
  if (signal.aborted) {
    request.stop(reason());
    return () => undefined;
  }
  let requests = listening.get(signal);
  if (!requests) {
    const mine = new Set<Collector>();
    signal.addEventListener(
      'abort',
      () => {
        for (const each of mine) each.stop(reason());
      },
      { once: true },
    );
    listening.set(signal, mine);
    requests = mine;
  }
  requests.add(request);
  return () => requests.delete(request);
}

/**
 * undici's handler for one answer, kept to what the harness needs: the body's bytes into one
 * buffer, no stream. undici's request() builds a Readable per answer and an AbortSignal pair
 * per request; on a run's hundreds of requests that was a quarter of the client's CPU time.
 * It is undici's own RequestHandler (lib/api/api-request.js), less what the harness never uses.
 */
class Collector {
  private abort: Abort | null = null;
  private reason: Error | null = null;
  private status = 0;
  private headers: Received['headers'] = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private truncated = false;
  /** False once a truncated body went on past DRAIN_CAPS caps: it is not read to its end. */
  private drained = true;
  private settled = false;
  /** The socket the answer's status line came on (see `reading`). */
  private socket: Socket | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;

  constructor(
    private readonly transfer: Transfer,
    private readonly resolve: (received: Received) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    const { signal, timeoutMs } = transfer;
    this.timer = setTimeout(
      () => this.stop(new DeadlineError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    this.stopListening = signal ? listen(signal, this) : () => undefined;
  }

  /** Ends the request with `reason`: now if it has a connection, else as soon as it gets one. */
  stop(reason: Error): void {
    if (this.settled || this.reason) return;
    this.reason = reason;
    this.abort?.(reason);
  }

  onConnect(abort: Abort): void {
    if (this.reason) abort(this.reason);
    else this.abort = abort;
  }

  onHeaders(status: number, rawHeaders: Buffer[]): boolean {
    // An interim answer (undici itself refuses an unsolicited one): the final one follows.
    if (status < 200) return true;
    this.socket = reading;
    this.status = status;
    this.headers = undici.parseHeaders(rawHeaders);
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (!this.drained) return false;
    const cap = this.transfer.maxBodyBytes;
    const room = cap - this.size;
    this.size += chunk.length;
    if (chunk.length <= room) {
      this.chunks.push(chunk);
      return true;
    }
    if (!this.truncated) this.chunks.push(chunk.subarray(0, Math.max(0, room)));
    this.truncated = true;
    if (this.size <= cap * DRAIN_CAPS) return true;
    this.drained = false;
    this.abort?.(CUT);
    return false;
  }

  onComplete(): void {
    // undici goes on parsing the rest of the chunk (and the next, when one is buffered) once
    // this returns, in the same turn: by the next microtask, octets beyond the framed body have
    // shown on the socket. (Waiting a whole turn of the event loop would hold every answer back
    // while a server's idle close draws nearer: more requests would meet a closed connection.)
    const socket = reading === this.socket ? this.socket : undefined;
    const whole = this.truncated && this.drained ? this.size : undefined;
    if (!socket) {
      this.finish(undefined, whole);
      return;
    }
    clearTimeout(this.timer);
    queueMicrotask(() => this.finish(overrunOf(socket), whole));
  }

  onError(error: Error): void {
    if (this.truncated) this.finish();
    else {
      // A failure once the status line was read is not one a client may retry blindly.
      if (this.status !== 0) Object.assign(error, { afterAnswerBegan: true });
      this.settle(() => this.reject(error));
    }
  }

  private finish(overrun?: string, wholeBytes?: number): void {
    const { status, headers, chunks, truncated } = this;
    const bytes = Buffer.concat(chunks);
    this.settle(() =>
      this.resolve({
        status,
        headers,
        bytes,
        truncated,
        ...(wholeBytes === undefined ? {} : { wholeBytes }),
        ...(overrun ? { overrun } : {}),
      }),
    );
  }

  private settle(report: () => void): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.stopListening();
    report();
  }
}

/** The body as undici takes it: pieces become a stream, sent chunked (no Content-Length). */
function bodyOf(body: Transfer['body'], gapMs = 0): string | Buffer | Readable | null {
  if (body === undefined) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  return Readable.from(
    paced(
      body.map((piece) => Buffer.from(piece)),
      gapMs,
    ),
  );
}

/**
 * After the event loop's next poll for I/O: an answer that came since is read by then (one
 * setImmediate alone ends in the check phase of this turn, before that poll).
 */
const nextPoll = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * The pieces a poll for I/O apart: a server may answer before the body is whole (a
 * 401 needs no body) and close the connection, and an answer already on the socket is then read
 * before the next piece is written into a closed connection (RFC 9112 9.5: a client sending a
 * body SHOULD watch for an answer), rather than lost to the write's EPIPE.
 */
async function* paced(pieces: readonly Buffer[], gapMs: number): AsyncGenerator<Buffer> {
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    if (i > 0) await nextPoll();
    yield piece;
  }
}

/** The path and query as the URL's text spells them: dot segments and doubled slashes kept. */
export function writtenTarget(text: string): string {
  const afterAuthority = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const target = afterAuthority.split('#')[0] ?? '';
  return target.startsWith('/') ? target : `/${target}`;
}

/** The request target: origin-form (path and query), or absolute-form (the URL less its fragment). */
function requestTarget(url: URL, request: Transfer): string {
  const origin = request.asWritten
    ? writtenTarget(request.url)
    : url.search
      ? `${url.pathname}${url.search}`
      : url.pathname;
  if (!request.absoluteForm) return origin;
  return `${typeof request.absoluteForm === 'string' ? request.absoluteForm : url.origin}${origin}`;
}

/** Sends one request through `dispatcher` and reads its answer whole (up to the cap). */
export function transfer(dispatcher: Dispatcher, request: Transfer): Promise<Received> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reject(new TypeError(`not an http(s) URL: ${request.url}`));
      return;
    }
    const handler = new Collector(request, resolve, reject);
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: requestTarget(url, request),
          method: request.method as Dispatcher.HttpMethod,
          // undici writes a list of values as that many field lines.
          headers: request.headers as Record<string, string | string[]>,
          body: bodyOf(request.body, request.pieceGapMs),
          // This request's own deadline: a large body's is longer than the pool's (client.ts).
          headersTimeout: request.timeoutMs,
          bodyTimeout: request.timeoutMs,
        },
        handler as unknown as Dispatcher.DispatchHandler,
      );
    } catch (error) {
      handler.onError(error as Error);
    }
  });
}
