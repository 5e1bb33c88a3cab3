import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** The content codings the harness can undo, by the names RFC 9110 8.4.1 registers. */
const DECODERS: Record<string, (bytes: Buffer, max: number) => Buffer> = {
  gzip: (b, max) => gunzipSync(b, { maxOutputLength: max }),
  'x-gzip': (b, max) => gunzipSync(b, { maxOutputLength: max }),
  // "deflate" is the zlib format (RFC 9110 8.4.1.2); some servers send the raw one.
  deflate: (b, max) => {
    try {
      return inflateSync(b, { maxOutputLength: max });
    } catch (error) {
      if (error instanceof RangeError) throw error;
      return inflateRawSync(b, { maxOutputLength: max });
    }
  },
  br: (b, max) => brotliDecompressSync(b, { maxOutputLength: max }),
};

/** The codings a request's Accept-Encoding asks for with a weight above 0 (RFC 9110 12.5.3). */
export function acceptedCodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && name !== 'identity' && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * An answer's body with its content coding undone, when the request accepted that coding, never
 * inflated past `max` octets (a compression bomb stops there); or why it cannot be read. A
 * coding the request did not accept is left to the caller: the body is refused as sent.
 */
export function undoCoding(
  bytes: Buffer,
  coding: string,
  accepted: ReadonlySet<string>,
  max: number,
): { bytes: Buffer } | { error: string } | undefined {
  const name = coding.trim().toLowerCase();
  const decode = DECODERS[name];
  if (!accepted.has(name) || !decode) return undefined;
  if (bytes.length === 0) return { bytes };
  try {
    return { bytes: decode(bytes, max) };
  } catch (error) {
    if (error instanceof RangeError)
      return { error: `body decoded from ${name} is larger than the size cap (${max} octets)` };
    return { error: `body says Content-Encoding ${name}, but is no ${name} data` };
  }
}
