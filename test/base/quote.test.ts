import { describe, expect, it } from 'vitest';
import { quote } from '../../src/base/quote.ts';

describe('quote', () => {
  it('quotes short text whole, escaped as a JSON string', () => {
    expect(quote('a "b"\n\u001b[31m')).toBe('"a \\"b\\"\\n\\u001b[31m"');
  });

  it('cuts long text at the limit, marked with …', () => {
    expect(quote('one two three four', 8)).toBe('"one two "…');
  });

  it('never cuts a token in two: an echoed key is quoted whole or not at all', () => {
    const key = 'sk_live_0123456789abcdef';
    expect(quote(`Invalid token: Bearer ${key} given`, 30)).toBe('"Invalid token: Bearer "…');
    expect(quote(`<p>${key}</p> and more text after it`, 40)).toBe(`"<p>${key}</p> and more"…`);
    // Text that is one long token is left out rather than cut.
    expect(quote('x'.repeat(100), 10)).toBe('""…');
  });
});
