import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detached } from '../../src/base/detached.ts';

describe('detached', () => {
  it('copies any text exactly: one-byte, two-byte, lone surrogates, empty', () => {
    for (const text of [
      '',
      'abc',
      '\u0001\u001f'.repeat(100),
      'é\u00ff',
      '\ud800x\udfff',
      '😀\ud83d',
    ])
      expect(detached(text)).toBe(text);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => detached(text) === text),
      { numRuns: 500 },
    );
  });

  it('copies a slice of a long text exactly', () => {
    const long = `${'\u0007x'.repeat(50_000)}\u2603`;
    expect(detached(long.slice(10, 70_000))).toBe(long.slice(10, 70_000));
    expect(detached(long.slice(99_990))).toBe(long.slice(99_990));
  });
});
