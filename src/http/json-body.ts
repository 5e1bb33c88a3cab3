import { isLosslessNumber, LosslessNumber, parse } from 'lossless-json';
import { detached } from '../base/detached.ts';
import { inertLine } from '../base/inert.ts';
import { LONG_NUMBER_CHARS, LongNumber } from '../base/long-number.ts';
import type { RecordedResponse } from './exchange.ts';
import { parseWithQuotedNumbers, stringEnd } from './quoted-numbers.ts';

/**
 * Deepest nesting of arrays and objects a body may have to be parsed. A Pet is 2 deep, Pets 3;
 * anything far deeper is hostile, and parsers and walkers recurse once per level.
 */
export const MAX_JSON_DEPTH = 128;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * One pass over a JSON text: its deepest nesting of `[` and `{` outside strings (escapes
 * respected; iterative, so any depth is safe to measure; stops counting once past `limit`),
 * and whether every number in it is an integer JSON.parse reads exactly as written: at most 15
 * digits, no fraction or exponent, not `-0`.
 */
function scanJson(text: string, limit: number): { depth: number; plainNumbers: boolean } {
  let depth = 0;
  let deepest = 0;
  let plainNumbers = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Long names dominate large bodies: jump to the quote that ends the string.
      i = stringEnd(text, i);
      if (i < 0) break;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return { depth: deepest, plainNumbers };
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2d || isDigit(c)) {
      const from = c === 0x2d ? i + 1 : i;
      let end = from;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      const next = text.charCodeAt(end);
      const digits = end - from;
      const negativeZero = c === 0x2d && digits === 1 && text.charCodeAt(from) === 0x30;
      if (digits === 0 || digits > 15 || negativeZero || next === 0x2e || (next | 0x20) === 0x65)
        plainNumbers = false;
      i = end - 1;
    }
  }
  return { depth: deepest, plainNumbers };
}

/** The deepest nesting of `[` and `{` in a JSON text (see scanJson). */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  return scanJson(text, limit).depth;
}

/** A body parsed both ways: `json` with JS numbers (for schemas), `exact` with every number's text. */
export type ParsedJson = { json: unknown; exact: unknown } | { jsonError: string };

// A parser's message may quote body bytes: a hostile body must not reach a terminal raw.
// Numbers are kept as their text; a repeated key keeps the last value, as JSON.parse does.
const LOSSLESS = {
  parseNumber: (text: string) =>
    text.length > LONG_NUMBER_CHARS ? new LongNumber(text) : new LosslessNumber(text),
  onDuplicateKey: ({ newValue }: { newValue: unknown }) => newValue,
};

// V8 keeps a slice of 13 characters or more as a view of the whole text: the number texts of a
// body longer than an answer holds (HELD_BODY_CHARS) are copied, or the exact view would keep the
// whole body alive while the answer holds it cut.
const LOSSLESS_DETACHED = {
  ...LOSSLESS,
  parseNumber: (text: string) =>
    text.length > LONG_NUMBER_CHARS
      ? new LongNumber(text)
      : new LosslessNumber(text.length < 13 ? text : detached(text)),
};
const DETACH_PAST = 64 * 1024;

/** How a text refused for its depth is said to be (see parseJsonBody). */
export const TOO_DEEP = 'nested deeper than';

/** Parses a JSON text losslessly, refusing (without recursing) one nested deeper than `maxDepth`. */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  const { depth, plainNumbers } = scanJson(text, maxDepth);
  if (depth > maxDepth) return { jsonError: `${TOO_DEEP} ${maxDepth}` };
  // Most bodies hold only short integers: JSON.parse (native, several times faster) reads those
  // exactly. Should it refuse the text, the lossless parser finds the words for why.
  if (plainNumbers) {
    try {
      const json: unknown = JSON.parse(text);
      return { json, exact: withLosslessNumbers(json) };
    } catch {
      // Malformed: the lossless parser below says how. Quoting its numbers (a copy of the whole
      // text) would not mend it: a number token and a string stand in the same places.
    }
  }
  const options = text.length > DETACH_PAST ? LOSSLESS_DETACHED : LOSSLESS;
  const quoted = plainNumbers ? undefined : parseWithQuotedNumbers(text, options.parseNumber);
  if (quoted) return { json: withNumbers(quoted.exact), exact: quoted.exact };
  let exact: unknown;
  try {
    exact = parse(text, null, options as Parameters<typeof parse>[2]);
  } catch (error) {
    return { jsonError: inertLine((error as Error).message) };
  }
  return { json: withNumbers(exact), exact };
}

/** The value with every number a LosslessNumber of its text (exact only for plainNumbers). */
function withLosslessNumbers(value: unknown): unknown {
  if (typeof value === 'number') return new LosslessNumber(String(value));
  if (Array.isArray(value)) return value.map(withLosslessNumbers);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withLosslessNumbers(v)]));
  }
  return value;
}

/** The value with every LosslessNumber turned into a JS number (what ajv validates). */
function withNumbers(value: unknown): unknown {
  if (isLosslessNumber(value)) return Number((value as LosslessNumber).value);
  if (Array.isArray(value)) return value.map(withNumbers);
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a `__proto__` key stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNumbers(v)]));
  }
  return value;
}

// Beside the response rather than in it: the exact view is for judging only, so it never
// travels into records, logs or reports (which show the body text), nor holds a secret there.
const parsedBodies = new WeakMap<RecordedResponse, unknown>();

/** Keeps the exact view the client parsed, for `exactBody`. */
export function keepExact(response: RecordedResponse, exact: unknown): RecordedResponse {
  if (exact !== undefined) parsedBodies.set(response, exact);
  return response;
}

/**
 * The exact view of a response's JSON body (numbers as LosslessNumber), or undefined when the
 * body is not JSON. The client's parse when it kept one, else the body text parsed once.
 */
export function exactBody(response: RecordedResponse | undefined): unknown {
  if (!response || response.json === undefined) return undefined;
  if (!parsedBodies.has(response)) {
    const parsed = parseJsonBody(response.body);
    parsedBodies.set(response, 'exact' in parsed ? parsed.exact : response.json);
  }
  return parsedBodies.get(response);
}

/** Whether some object of a JSON text names a member twice (names as written; iterative). */
function repeatsMember(text: string): boolean {
  // One set of names per open object; null for an open array.
  const open: (Set<string> | null)[] = [];
  // From one structural character to the next by a native search: a megabyte of digits or
  // spaces is passed over at once, not a character at a time.
  const structural = /[{}[\]"]/g;
  for (let i = 0; i < text.length; i++) {
    structural.lastIndex = i;
    if (!structural.test(text)) return false;
    i = structural.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === 0x7b) open.push(new Set());
    else if (c === 0x5b) open.push(null);
    else if (c === 0x7d || c === 0x5d) open.pop();
    else if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end < 0) return false;
      let next = end + 1;
      while (next < text.length && isJsonSpace(text.charCodeAt(next))) next++;
      const names = open.at(-1);
      if (names && text.charCodeAt(next) === 0x3a) {
        const name = text.slice(i + 1, end);
        if (names.has(name)) return true;
        names.add(name);
      }
      i = end;
    }
  }
  return false;
}

/** Insignificant whitespace of a JSON text (RFC 8259 2), by code unit. */
export const isJsonSpace = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * The first member an object of a JSON text names twice with different values, or undefined.
 * RFC 8259 4: names SHOULD be unique, and with duplicates "the behavior of software that
 * receives such an object is unpredictable": a Pet naming two ids does not say which it is.
 */
export function differingDuplicate(text: string): string | undefined {
  if (!repeatsMember(text)) return undefined;
  let found: string | undefined;
  const options = {
    parseNumber: (n: string) => new LosslessNumber(n),
    onDuplicateKey: (d: { key: string; oldValue: unknown; newValue: unknown }) => {
      if (found === undefined && JSON.stringify(d.oldValue) !== JSON.stringify(d.newValue))
        found = d.key;
      return d.newValue;
    },
  };
  try {
    parse(text, null, options as Parameters<typeof parse>[2]);
  } catch {
    return undefined;
  }
  return found;
}
