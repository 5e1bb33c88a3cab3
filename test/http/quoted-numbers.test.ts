import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseWithQuotedNumbers } from '../../src/http/quoted-numbers.ts';

const make = (text: string) => new LosslessNumber(text);
const exactOf = (text: string) => parseWithQuotedNumbers(text, make)?.exact;

describe('parseWithQuotedNumbers', () => {
  it('keeps every number as its text, in arrays, objects and alone', () => {
    expect(exactOf('{"id":9223372036854775807,"n":[-1.50e+3,0]}')).toEqual({
      id: make('9223372036854775807'),
      n: [make('-1.50e+3'), make('0')],
    });
    expect(exactOf(' 12345678901234567890 ')).toEqual(make('12345678901234567890'));
    const proto = exactOf('{"__proto__":1}') as object;
    expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toEqual(make('1'));
  });

  it('leaves to the lossless parser every text where quoting could change the answer', () => {
    for (const text of [
      '{1:2}', // a number where a key belongs: JSON.parse would take the quoted form
      '{"a":{12:3}}',
      '[01]',
      '[1.]',
      '[-]',
      '[1-2]',
      '["\\u0000",1]', // a string of its own holds the mark
      '["\\U0000",1]',
      '[1,]',
      '["unterminated,1]',
    ]) {
      expect(parseWithQuotedNumbers(text, make), text).toBeUndefined();
    }
  });

  it('reads strings with escaped quotes and backslashes around numbers', () => {
    expect(exactOf('["a\\"1",2,"\\\\",3]')).toEqual(['a"1', make('2'), '\\', make('3')]);
  });
});
