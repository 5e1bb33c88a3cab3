/**
 * Finds where a text spells part of a secret, however a server escaped it and however often:
 * JSON and JavaScript escapes (`\/`, `\u002B`, `\x2b`, `\u{2b}`, with any number of
 * backslashes, as quoting a quoted text doubles them), percent-encoding (`%2F`, `%252F`, any
 * depth; UTF-8 sequences decoded) and HTML character references (`&#x2B;`, `&amp;#43;`,
 * `&quot;`), in any mix, as well as plain. What it finds is any run of at least `window`
 * characters of a secret: a key cut short by a server, by a record limit or by a quote is a
 * key given away, part by part.
 *
 * One linear pass of a rolling hash a text (two when it holds an escape: the text as it is, and
 * what it spells); a hash is checked against the secrets only where a bitmap of their windows'
 * hashes says it may be one.
 */

const BASE = 0x01000193;
const BITMAP_BITS = 16;
const BITMAP_MASK = (1 << BITMAP_BITS) - 1;

type Span = [start: number, end: number];

/** One window of a secret: which secret, and where in it. */
interface Window {
  secret: number;
  offset: number;
}

/** A text read as what it spells: its code units, each with the span of the text it came from. */
export interface Spelled {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

function hashOf(text: string, from: number, width: number): number {
  let h = 0;
  for (let i = from; i < from + width; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) >>> 0;
  return h;
}

/** BASE to the power `n`, modulo 2^32: what the character leaving a window weighed in its hash. */
function powerOf(n: number): number {
  let p = 1;
  for (let i = 0; i < n; i++) p = Math.imul(p, BASE) >>> 0;
  return p;
}

/** Where `text` holds runs of a secret; the spans are the text's own. */
export class FragmentScan {
  private readonly windows = new Map<number, Window[]>();
  private readonly bitmap = new Uint8Array(1 << BITMAP_BITS);
  private readonly outgoing: number;

  constructor(
    private readonly secrets: readonly string[],
    readonly window: number,
  ) {
    secrets.forEach((secret, index) => {
      for (let offset = 0; offset + window <= secret.length; offset++) {
        const h = hashOf(secret, offset, window);
        this.bitmap[h & BITMAP_MASK] = 1;
        const known = this.windows.get(h);
        if (known) known.push({ secret: index, offset });
        else this.windows.set(h, [{ secret: index, offset }]);
      }
    });
    this.outgoing = powerOf(window - 1);
  }

  /**
   * The spans of `text` whose letters and digits alone, in any case, spell a run of a secret
   * folded the same way (see `fold`): the key with its characters spread out, joined by
   * separators, controls or escape sequences, in another case or in fullwidth forms.
   */
  foldedSpans(text: string, decoded: readonly Spelled[] = layers(text)): Span[] {
    if (text.length < this.window) return [];
    const own = this.spansIn(fold(text));
    const inLayers = decoded.flatMap((layer) => this.spansIn(compose(layer, fold(layer.text))));
    return inLayers.length ? merge([...own, ...inLayers]) : own;
  }

  /**
   * The spans of `text` a secret's run stands in: plainly, or spelled with escapes, also escapes
   * of escapes (`%5Cx6b` is `\\x6b` is `k`). `decoded` is `layers(text)`, when known.
   */
  spans(text: string, decoded: readonly Spelled[] = layers(text)): Span[] {
    if (text.length < this.window) return [];
    const plain = this.runs(text);
    const found = decoded.flatMap((layer) => this.spansIn(layer));
    return found.length ? merge([...plain, ...found]) : plain;
  }

  /** The runs found in a spelled text, as spans of the text it was spelled from. */
  private spansIn(spelled: Spelled): Span[] {
    if (spelled.text.length < this.window) return [];
    return this.runs(spelled.text).map(
      ([s, e]): Span => [spelled.starts[s] as number, spelled.ends[e - 1] as number],
    );
  }

  /** The longest run of a secret that starts at `at`, if `at` starts a window of one. */
  private runAt(text: string, at: number, h: number): number {
    let best = 0;
    for (const { secret, offset } of this.windows.get(h) ?? []) {
      const s = this.secrets[secret] as string;
      let len = 0;
      while (
        at + len < text.length &&
        offset + len < s.length &&
        text.charCodeAt(at + len) === s.charCodeAt(offset + len)
      )
        len++;
      if (len >= this.window && len > best) best = len;
    }
    return best;
  }

  private runs(text: string): Span[] {
    const { window: w } = this;
    const found: Span[] = [];
    let i = 0;
    let h = hashOf(text, 0, Math.min(w, text.length));
    while (i + w <= text.length) {
      const run = this.bitmap[h & BITMAP_MASK] ? this.runAt(text, i, h) : 0;
      if (run > 0) {
        found.push([i, i + run]);
        i += run;
        if (i + w <= text.length) h = hashOf(text, i, w);
        continue;
      }
      if (i + w < text.length) {
        const out = Math.imul(text.charCodeAt(i), this.outgoing);
        h = (Math.imul((h - out) >>> 0, BASE) + text.charCodeAt(i + w)) >>> 0;
      }
      i++;
    }
    return found;
  }
}

/** Overlapping or touching spans as one, in order. */
export function merge(spans: Span[]): Span[] {
  const sorted = spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([span[0], span[1]]);
  }
  return out;
}

const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const AMPERSAND = 0x26;
const SIMPLE_ESCAPES: Record<string, number> = { b: 8, f: 12, n: 10, r: 13, t: 9 };
const NAMED: Record<string, number> = { quot: 0x22, apos: 0x27, lt: 0x3c, gt: 0x3e, amp: 0x26 };
const MAX_CODE_POINT = 0x10ffff;

function hexAt(text: string, at: number, digits: number): number {
  const part = text.slice(at, at + digits);
  return part.length === digits && /^[0-9A-Fa-f]+$/.test(part) ? Number.parseInt(part, 16) : -1;
}

/** A character escape decoded: the code point it spells and where it ends. */
interface Escape {
  point: number;
  end: number;
}

/** A backslash escape, after any number of backslashes (each quoting doubles them). */
function backslashAt(text: string, i: number): Escape | undefined {
  let j = i;
  while (text.charCodeAt(j) === BACKSLASH) j++;
  const c = text[j];
  if (c === undefined) return undefined;
  if (c === 'u' && text[j + 1] === '{') {
    // Looked for close by only: a search to the end at every escape would be quadratic.
    const close = text.slice(j + 2, j + 9).indexOf('}') + j + 2;
    const point = close > j + 2 ? hexAt(text, j + 2, close - j - 2) : -1;
    return point >= 0 && point <= MAX_CODE_POINT ? { point, end: close + 1 } : undefined;
  }
  if (c === 'u' || c === 'x') {
    const digits = c === 'u' ? 4 : 2;
    const point = hexAt(text, j + 1, digits);
    return point >= 0 ? { point, end: j + 1 + digits } : undefined;
  }
  return { point: SIMPLE_ESCAPES[c] ?? c.charCodeAt(0), end: j + 1 };
}

/** A percent-encoded byte, encoded any number of times (`%41`, `%2541`, `%252541`). */
function percentAt(text: string, i: number): Escape | undefined {
  let j = i + 1;
  while (text.startsWith('25', j) && hexAt(text, j + 2, 2) >= 0) j += 2;
  const byte = hexAt(text, j, 2);
  return byte >= 0 ? { point: byte, end: j + 2 } : undefined;
}

/** An HTML character reference, escaped any number of times (`&amp;#43;`). */
function referenceAt(text: string, i: number): Escape | undefined {
  let j = i + 1;
  while (text.startsWith('amp;', j)) j += 4;
  const semicolon = text.slice(j, j + 12).indexOf(';');
  const end = j + semicolon;
  if (semicolon < 0) return j > i + 1 ? { point: AMPERSAND, end: j } : undefined;
  const name = text.slice(j, end);
  const numeric = /^#(?:[xX]([0-9A-Fa-f]+)|([0-9]+))$/.exec(name);
  const point = numeric
    ? Number.parseInt(numeric[1] ?? (numeric[2] as string), numeric[1] ? 16 : 10)
    : NAMED[name];
  if (point !== undefined && point <= MAX_CODE_POINT) return { point, end: end + 1 };
  return j > i + 1 ? { point: AMPERSAND, end: j } : undefined;
}

/** UTF-8 bytes from consecutive percent escapes, decoded to one code point when they make one. */
function utf8At(text: string, first: Escape): Escape {
  const lead = first.point;
  const length = lead >= 0xf0 && lead < 0xf8 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (length === 1) return first;
  let point = lead & (0xff >> (length + 1));
  let end = first.end;
  for (let k = 1; k < length; k++) {
    const next = text.charCodeAt(end) === PERCENT ? percentAt(text, end) : undefined;
    if (!next || (next.point & 0xc0) !== 0x80) return first;
    point = (point << 6) | (next.point & 0x3f);
    end = next.end;
  }
  return point <= MAX_CODE_POINT ? { point, end } : first;
}

function escapeAt(text: string, i: number): Escape | undefined {
  const c = text.charCodeAt(i);
  if (c === BACKSLASH) return backslashAt(text, i);
  if (c === AMPERSAND) return referenceAt(text, i);
  if (c !== PERCENT) return undefined;
  const byte = percentAt(text, i);
  return byte ? utf8At(text, byte) : undefined;
}

/** What `text` spells once its escapes are decoded; undefined when it holds none. */
function spell(text: string): Spelled | undefined {
  if (!/[\\%&]/.test(text)) return undefined;
  // No escape spells more code units than it has characters (a code point past U+FFFF takes
  // `\u{10000}` at least): arrays of the text's length hold it, allocated once, off the heap.
  const units = new Uint16Array(text.length);
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  let n = 0;
  let escaped = false;
  const push = (unit: number, start: number, end: number) => {
    units[n] = unit;
    starts[n] = start;
    ends[n++] = end;
  };
  for (let i = 0; i < text.length; ) {
    const decoded = escapeAt(text, i);
    if (!decoded) {
      // A run of backslashes that escapes nothing is as many characters: passed over whole,
      // not read again from each of its backslashes (which would be quadratic).
      let end = i + 1;
      if (text.charCodeAt(i) === BACKSLASH) while (text.charCodeAt(end) === BACKSLASH) end++;
      for (let k = i; k < end; k++) push(text.charCodeAt(k), k, k + 1);
      i = end;
      continue;
    }
    const { point, end } = decoded;
    if (point > 0xffff) {
      push(0xd800 + ((point - 0x10000) >> 10), i, end);
      push(0xdc00 + ((point - 0x10000) & 0x3ff), i, end);
    } else push(point, i, end);
    escaped = true;
    i = end;
  }
  if (!escaped) return undefined;
  return {
    text: Buffer.from(units.buffer, 0, 2 * n).toString('utf16le'),
    starts: starts.subarray(0, n),
    ends: ends.subarray(0, n),
  };
}

/** A secret as `fold` reads text: its ASCII letters in lower case and its digits, nothing else. */
export function folded(secret: string): string {
  return fold(secret).text;
}

const ESC = 0x1b;

/** Where an escape sequence starting at `i` (CSI `ESC [ ... final`, OSC `ESC ] ... BEL`) ends. */
function sequenceEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x9b) return csiEnd(text, i + 1);
  if (c !== ESC) return i;
  const next = text.charCodeAt(i + 1);
  if (next === 0x5b) return csiEnd(text, i + 2);
  if (next === 0x5d) {
    // Ended by BEL or by ESC \ (ST); looked for close by only.
    for (let j = i + 2; j < Math.min(text.length, i + 256); j++) {
      if (text.charCodeAt(j) === 0x07) return j + 1;
      if (text.charCodeAt(j) === ESC && text.charCodeAt(j + 1) === 0x5c) return j + 2;
    }
  }
  return i + 1;
}

function csiEnd(text: string, from: number): number {
  let j = from;
  while (j < text.length && j < from + 32) {
    const c = text.charCodeAt(j);
    if (c >= 0x40 && c <= 0x7e) return j + 1;
    j++;
  }
  return j;
}

/**
 * A text's ASCII letters (in lower case) and digits, fullwidth ones read as ASCII, each with the
 * span of the text it came from; everything else (separators, spaces, controls, zero-width and
 * soft-hyphen characters, terminal escape sequences whole) is left out.
 */
function fold(text: string): Spelled {
  const units = new Uint16Array(text.length);
  const starts = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; ) {
    let c = text.charCodeAt(i);
    if (c === ESC || c === 0x9b) {
      i = Math.max(i + 1, sequenceEnd(text, i));
      continue;
    }
    // Fullwidth forms of ASCII (U+FF01 to U+FF5E) read as the ASCII they stand for.
    if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      units[n] = c;
      starts[n++] = i;
    }
    i++;
  }
  const at = starts.subarray(0, n);
  return {
    text: Buffer.from(units.buffer, 0, 2 * n).toString('utf16le'),
    starts: at,
    ends: at.map((i) => i + 1),
  };
}

/** How many layers of escapes are decoded, one inside the other. */
const LAYERS = 3;

/** `inner`, spelled from `outer`'s text, with its spans taken back to what `outer` was spelled from. */
function compose(outer: Spelled, inner: Spelled): Spelled {
  const starts = new Int32Array(inner.text.length);
  const ends = new Int32Array(inner.text.length);
  for (let i = 0; i < inner.text.length; i++) {
    starts[i] = outer.starts[inner.starts[i] as number] as number;
    ends[i] = outer.ends[(inner.ends[i] as number) - 1] as number;
  }
  return { text: inner.text, starts, ends };
}

/** What `text` spells once its escapes are decoded, then the escapes that held, and so on. */
export function layers(text: string): Spelled[] {
  const out: Spelled[] = [];
  let layer = spell(text);
  while (layer && out.length < LAYERS) {
    out.push(layer);
    const next = spell(layer.text);
    layer = next ? compose(layer, next) : undefined;
  }
  return out;
}
