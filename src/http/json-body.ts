import { isLosslessNumber, LosslessNumber, parse } from 'lossless-json';
import { inertLine } from '../inert.ts';
import type { RecordedResponse } from './exchange.ts';

/**
 * Deepest nesting of arrays and objects a body may have to be parsed. A Pet is 2 deep, Pets 3;
 * anything far deeper is hostile, and parsers and walkers recurse once per level.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * The deepest nesting of `[` and `{` in a JSON text, ignoring those inside strings (escapes
 * respected). Iterative, so any depth is safe to measure; stops counting once past `limit`.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** A body parsed both ways: `json` with JS numbers (for schemas), `exact` with every number's text. */
export type ParsedJson = { json: unknown; exact: unknown } | { jsonError: string };

// A parser's message may quote body bytes: a hostile body must not reach a terminal raw.
// Numbers are kept as their text; a repeated key keeps the last value, as JSON.parse does.
const LOSSLESS = {
  parseNumber: (text: string) => new LosslessNumber(text),
  onDuplicateKey: ({ newValue }: { newValue: unknown }) => newValue,
};

/** Parses a JSON text losslessly, refusing (without recursing) one nested deeper than `maxDepth`. */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  if (jsonDepth(text, maxDepth) > maxDepth) return { jsonError: `nested deeper than ${maxDepth}` };
  let exact: unknown;
  try {
    exact = parse(text, null, LOSSLESS as Parameters<typeof parse>[2]);
  } catch (error) {
    return { jsonError: inertLine((error as Error).message) };
  }
  return { json: withNumbers(exact), exact };
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
