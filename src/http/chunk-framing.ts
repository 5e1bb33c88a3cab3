import type { Socket } from 'node:net';

/**
 * What a chunked body may carry beyond its data (RFC 9112 7.1.1, 7.1.2): a recipient MUST ignore
 * chunk extensions it does not know, and a trailer section may follow the last chunk. undici
 * writes neither, so the harness adds them to the octets undici writes.
 */
export interface ChunkFraming {
  /** Written after every chunk size, the last chunk's included, e.g. `pc-note=1`. */
  extension?: string;
  /** Field lines after the last chunk (the trailer section). */
  trailer?: Record<string, string>;
}

// undici 7 writes `\r\n<hex size>\r\n` before each chunk and `\r\n0\r\n\r\n` after the last
// (lib/dispatcher/client-h1.js), each as one latin1 string; the data goes as Buffers.
const SIZE_LINE = /^\r\n([0-9a-f]+)\r\n$/;
const LAST_CHUNK = '\r\n0\r\n\r\n';

/** One string undici writes, with `framing`'s extension and trailer where they belong. */
export function reframe(text: string, framing: ChunkFraming | undefined): string {
  if (!framing) return text;
  const extension = framing.extension ? `;${framing.extension}` : '';
  if (text === LAST_CHUNK) {
    const trailer = Object.entries(framing.trailer ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return `\r\n0${extension}\r\n${trailer}\r\n`;
  }
  const size = SIZE_LINE.exec(text);
  return size ? `\r\n${size[1]}${extension}\r\n` : text;
}

/** The socket, its strings written as `framing()` of the moment says (see reframe). */
export function frameChunks(socket: Socket, framing: () => ChunkFraming | undefined): Socket {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((data: unknown, ...rest: unknown[]) =>
    write(typeof data === 'string' ? reframe(data, framing()) : data, ...rest)) as Socket['write'];
  return socket;
}

/** The framing in words, for the record of a chunked request. */
export function describeFraming(chunks: number, framing: ChunkFraming | undefined): string {
  const parts = [`chunked, ${chunks} chunk${chunks === 1 ? '' : 's'}`];
  if (framing?.extension) parts.push(`each with the chunk extension ;${framing.extension}`);
  const trailer = Object.entries(framing?.trailer ?? {});
  if (trailer.length)
    parts.push(`the trailer ${trailer.map(([name, value]) => `${name}: ${value}`).join(', ')}`);
  return parts.join('; ');
}
