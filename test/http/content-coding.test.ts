import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedCodings, undoCoding } from '../../src/http/content-coding.ts';

const text = Buffer.from('[{"id":1,"name":"Rex","categoryId":2}]');
const all = acceptedCodings('gzip, deflate, br');

describe('content codings an answer comes in (Accept-Encoding: gzip, deflate, br)', () => {
  it('reads the codings asked for, not identity, nor one weighted 0', () => {
    expect([...acceptedCodings('gzip;q=1.0, deflate;q=0, identity, BR')]).toEqual(['gzip', 'br']);
    expect(acceptedCodings('identity').size).toBe(0);
    expect(acceptedCodings(undefined).size).toBe(0);
  });

  it('undoes gzip, zlib and raw deflate, and br, to the octets sent', () => {
    for (const [coding, bytes] of [
      ['gzip', gzipSync(text)],
      ['deflate', deflateSync(text)],
      ['deflate', deflateRawSync(text)],
      ['br', brotliCompressSync(text)],
    ] as const)
      expect(undoCoding(bytes, coding, all, 1024)).toEqual({ bytes: text });
  });

  it('a body labelled gzip that is no gzip is no answer one can read', () => {
    expect(undoCoding(text, 'gzip', all, 1024)).toEqual({
      error: 'body says Content-Encoding gzip, but is no gzip data',
    });
  });

  it('never inflates past the cap: a bomb stops there', () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(undoCoding(bomb, 'gzip', all, 4 * 1024 * 1024)).toEqual({
      error: 'body decoded from gzip is larger than the size cap (4194304 octets)',
    });
  });

  it('a coding the request did not ask for is left to the caller', () => {
    expect(undoCoding(gzipSync(text), 'gzip', acceptedCodings('identity'), 1024)).toBeUndefined();
  });
});
