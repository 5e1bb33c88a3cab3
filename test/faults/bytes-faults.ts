import { stringify } from 'lossless-json';
import type { AppResponse, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Every JSON answer written as `write` makes its octets, with the headers `headers` gives. */
function jsonOctets(
  app: Handler,
  write: (text: string) => Buffer,
  headers: (octets: Buffer) => Record<string, string> = () => ({}),
): Handler {
  return async (req) => {
    const res: AppResponse = await app(req);
    if (res.json === undefined) return res;
    const octets = write(stringify(res.json) ?? 'null');
    const { json: _json, ...rest } = res;
    return {
      ...rest,
      raw: octets,
      headers: { ...res.headers, 'content-type': 'application/json', ...headers(octets) },
    };
  };
}

/**
 * Answers whose octets are not the JSON text they carry: a byte order mark, another encoding,
 * or a Content-Length that does not frame them. The harness judges the octets that arrived.
 */
export const BYTES_FAULTS: Fault[] = [
  {
    name: 'json-with-bom',
    description:
      'Starts every JSON body with a UTF-8 byte order mark (RFC 8259 8.1: a sender MUST NOT add one).',
    caughtBy: ['LIST-200-PETS', 'JSON-CONTENT-TYPE'],
    wrap: (app) => jsonOctets(app, (text) => Buffer.concat([BOM, Buffer.from(text)])),
  },
  {
    name: 'json-in-latin1',
    description:
      'Writes JSON bodies in ISO-8859-1, not UTF-8: a name beyond ASCII arrives as invalid UTF-8.',
    caughtBy: ['CREATE-201-PROPERTY'],
    wrap: (app) => jsonOctets(app, (text) => Buffer.from(text, 'latin1')),
  },
  {
    name: 'content-length-short-of-body',
    description:
      'Sends a log line after each JSON body, past the Content-Length that frames the body.',
    caughtBy: ['LIST-200-PETS', 'JSON-CONTENT-TYPE'],
    wrap: (app) =>
      jsonOctets(
        app,
        (text) => Buffer.from(`${text}\n# served in 1 ms\n`),
        (octets) => ({ 'content-length': String(octets.length - '\n# served in 1 ms\n'.length) }),
      ),
  },
  {
    name: 'content-length-beyond-body',
    description:
      'Announces 16 octets more than each JSON body has in its Content-Length, then closes the connection.',
    caughtBy: ['LIST-200-PETS', 'JSON-CONTENT-TYPE'],
    wrap: (app) =>
      jsonOctets(
        app,
        (text) => Buffer.from(text),
        (octets) => ({ 'content-length': String(octets.length + 16), connection: 'close' }),
      ),
  },
];
