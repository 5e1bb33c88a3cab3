import fc from 'fast-check';
import { isLosslessNumber, LosslessNumber, parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { LONG_NUMBER_CHARS, LongNumber } from '../../src/base/long-number.ts';
import {
  differingDuplicate,
  jsonDepth,
  MAX_JSON_DEPTH,
  parseJsonBody,
} from '../../src/http/json-body.ts';

const exactOf = (text: string) => {
  const parsed = parseJsonBody(text);
  if (!('exact' in parsed)) throw new Error(parsed.jsonError);
  return parsed;
};

describe('parseJsonBody', () => {
  it('keeps every integer exact, at and beyond the int64 bounds and past 2^53', () => {
    for (const text of [
      '9223372036854775807',
      '-9223372036854775808',
      '9223372036854775808',
      '9007199254740993',
      '-0',
      '1.0E0',
    ]) {
      const { exact } = exactOf(`{"id":${text}}`);
      const id = (exact as { id: unknown }).id;
      expect(isLosslessNumber(id)).toBe(true);
      expect(String(id)).toBe(text);
    }
  });

  it('gives ajv JS numbers alongside', () => {
    const { json } = exactOf('[{"id":9007199254740993,"n":"x","z":-0}]');
    expect(json).toEqual([{ id: 9007199254740992, n: 'x', z: -0 }]);
  });

  it('reads a repeated key as JSON.parse does (the last wins) and keeps __proto__ a plain key', () => {
    expect(exactOf('{"a":1,"a":"two"}').json).toEqual({ a: 'two' });
    const { json } = exactOf('{"__proto__":{"id":5}}');
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect((json as { id?: unknown }).id).toBeUndefined();
  });

  it('refuses malformed JSON with a message that quotes no control character raw', () => {
    const parsed = parseJsonBody('["a\u001b]0;x\u0007"]');
    const message = 'jsonError' in parsed ? parsed.jsonError : '';
    expect(message).toContain('\\u001b');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: their absence is the point
    expect(message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('reads every text as the lossless parser alone does, whether or not JSON.parse reads it first', () => {
    // A long number is held as a short text of the same value (long-number.ts).
    const lossless = (text: string) => {
      try {
        return parse(text, null, {
          parseNumber: (t: string) =>
            t.length > LONG_NUMBER_CHARS ? new LongNumber(t) : new LosslessNumber(t),
          onDuplicateKey: ({ newValue }: { newValue: unknown }) => newValue,
        } as Parameters<typeof parse>[2]);
      } catch {
        return 'refused';
      }
    };
    const tricky = fc.constantFrom(
      '-',
      '0',
      '1',
      '.',
      'e',
      'E',
      '+',
      '"',
      '\\',
      '\\u',
      'd800',
      ',',
      ':',
      '[',
      '{',
      '}',
      ' ',
      '\t',
      '\u00a0',
      '\ufeff',
      '\u2028',
      '\u0000',
      '\u001f',
      '1234567890123456',
    );
    const edited = fc
      .tuple(fc.json(), fc.array(fc.tuple(fc.nat(), tricky), { maxLength: 3 }))
      .map(([text, edits]) =>
        edits.reduce(
          (t, [at, piece]) =>
            t.slice(0, at % (t.length + 1)) + piece + t.slice(at % (t.length + 1)),
          text,
        ),
      );
    const numbers = fc.array(fc.oneof(fc.integer(), fc.bigInt(), fc.double(), fc.constant(-0)));
    const texts = fc.oneof(
      fc.json(),
      edited,
      numbers.map((n) => JSON.stringify(n.map(String)).replaceAll('"', '')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const parsed = parseJsonBody(text);
        const expected = lossless(text);
        if (expected === 'refused') expect('jsonError' in parsed).toBe(true);
        else expect('exact' in parsed ? parsed.exact : parsed).toEqual(expected);
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it('refuses, without recursing, a body nested deeper than the bound', () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000, 1_000_000]) {
      expect(parseJsonBody(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toEqual({
        jsonError: `nested deeper than ${MAX_JSON_DEPTH}`,
      });
    }
    const atBound = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect('json' in parseJsonBody(atBound)).toBe(true);
  });
});

describe('jsonDepth', () => {
  it('counts brackets outside strings only, escapes respected', () => {
    expect(jsonDepth('[{"a":[1]}]')).toBe(3);
    expect(jsonDepth('["[[[[", "\\"[[[", {"k\\\\":"]]"}]')).toBe(2);
    expect(jsonDepth('"\\\\"[[')).toBe(2);
    expect(jsonDepth('[[[[[[', 3)).toBe(4);
    // Runs of backslashes before a quote: even ends the string, odd escapes the quote.
    expect(jsonDepth('["\\\\\\"[[[[", ["\\\\"]]')).toBe(2);
    expect(jsonDepth(`[${JSON.stringify('\\"'.repeat(1000))}]`)).toBe(1);
  });

  it('reads strings of quotes, backslashes and brackets at any nesting as JSON writes them', () => {
    const chars = fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', 'é');
    fc.assert(
      fc.property(fc.array(fc.string({ unit: chars }), { maxLength: 4 }), fc.nat(6), (texts, d) => {
        let value: unknown = texts;
        for (let i = 0; i < d; i++) value = [value, { k: texts.join('') }];
        const deepest = d === 0 ? 1 : d + 1;
        expect(jsonDepth(JSON.stringify(value))).toBe(deepest);
      }),
    );
  });
});

describe('a member named twice in one object (RFC 8259 4)', () => {
  it('is found only with different values, and only within one object', () => {
    expect(differingDuplicate('{"id":4242424242,"id":1,"name":"x"}')).toBe('id');
    expect(differingDuplicate('{"id":1,"id":1}')).toBeUndefined();
    expect(differingDuplicate('[{"id":1,"name":"a"},{"id":2,"name":"b"}]')).toBeUndefined();
    expect(differingDuplicate('{"a":{"id":1},"b":{"id":2}}')).toBeUndefined();
    expect(differingDuplicate('{"name":"id\\":","id":1,"id":2}')).toBe('id');
  });
});
