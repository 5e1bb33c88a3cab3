/**
 * A JSON text parsed by the native JSON.parse with every number kept as its text: each number
 * token is written as a string holding a mark (an escaped NUL) and its index, and turned back
 * into the number maker's value after the parse. lossless-json reads a text in JavaScript, one
 * character at a time: a page of int64 ids past 2^53, or hostile answers of megabyte strings
 * beside a long number, took it tens of milliseconds each (hundreds of such 401s held a run for
 * minutes). Undefined whenever the result could differ from the lossless parser's: a text with an
 * escaped NUL of its own, a number token outside JSON's grammar, a number where a key belongs, or
 * a text JSON.parse refuses (the lossless parser then says why).
 */
export function parseWithQuotedNumbers(
  text: string,
  makeNumber: (text: string) => unknown,
): { exact: unknown } | undefined {
  // JSON writes the escape with a lower-case u only (RFC 8259 7).
  if (text.includes('\\u0000')) return undefined;
  const numbers: string[] = [];
  const quoted = quoteNumbers(text, numbers);
  if (quoted === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(quoted);
  } catch {
    return undefined;
  }
  const restored = restore(parsed, numbers, makeNumber);
  return restored === KEY_WAS_NUMBER ? undefined : { exact: restored };
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const KEY_WAS_NUMBER = Symbol('a number stood where a key belongs');

// The characters a number token may run to (checked against NUMBER after).
const NUMBER_CHARS = /[-+.eE0-9]+/y;

/** The text with each number token written as a marked string, or undefined for a bad token. */
function quoteNumbers(text: string, numbers: string[]): string | undefined {
  const pieces: string[] = [];
  let copiedTo = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) return undefined;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER_CHARS.lastIndex = i;
      NUMBER_CHARS.test(text);
      const end = NUMBER_CHARS.lastIndex;
      const token = text.slice(i, end);
      if (!NUMBER.test(token)) return undefined;
      pieces.push(text.slice(copiedTo, i), `"\\u0000${numbers.length}"`);
      numbers.push(token);
      copiedTo = end;
      i = end - 1;
    }
  }
  pieces.push(text.slice(copiedTo));
  return pieces.join('');
}

/**
 * The index of the quote that ends the string opened at `open`, or -1: the next quote, unless
 * an odd run of backslashes escapes it.
 */
export function stringEnd(text: string, open: number): number {
  let at = open;
  for (;;) {
    const quote = text.indexOf('"', at + 1);
    if (quote < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote;
    at = quote;
  }
}

function restore(
  value: unknown,
  numbers: readonly string[],
  makeNumber: (text: string) => unknown,
): unknown {
  if (typeof value === 'string') {
    return value.charCodeAt(0) === 0 ? makeNumber(numbers[Number(value.slice(1))] ?? '') : value;
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => restore(v, numbers, makeNumber));
    return items.includes(KEY_WAS_NUMBER) ? KEY_WAS_NUMBER : items;
  }
  if (value === null || typeof value !== 'object') return value;
  const entries: [string, unknown][] = [];
  for (const [key, v] of Object.entries(value)) {
    const item = restore(v, numbers, makeNumber);
    if (key.includes('\u0000') || item === KEY_WAS_NUMBER) return KEY_WAS_NUMBER;
    entries.push([key, item]);
  }
  // fromEntries defines own properties, so a `__proto__` key stays a plain key.
  return Object.fromEntries(entries);
}
