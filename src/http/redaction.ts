import type { Exchange } from './exchange.ts';
import { REDACTED } from './key-variants.ts';
import { FragmentScan, folded, layers, merge } from './secret-scan.ts';

export { REDACTED } from './key-variants.ts';

/** A secret and what stands for it in the records (REDACTED unless said otherwise). */
export interface LabeledSecret {
  secret: string;
  marker: string;
}

/**
 * Replaces every known secret with a marker. Applied only at the output boundary, to text that
 * came from the wire or from a request the harness built: checks judge the raw exchange.
 */
export interface Redactor {
  (text: string): string;
  /**
   * True when a text made of parts joined by newlines holding nothing to redact means no part
   * does: then a whole exchange is looked at once (see redactExchange). A short key's redactor
   * is not: it blanks a part that is the key, whole.
   */
  readonly separable?: boolean;
  /**
   * The same redactor without its loose scan (the key's letters and digits in any case, with
   * anything between them): for the texts of a request, which the harness wrote itself and
   * where the key stands only in forms it put there (the loose scan is for what a target sends).
   */
  readonly plain?: Redactor;
  /**
   * For what a target sent (an answer's header fields and body): the loose scan finds a shorter
   * run than in text holding the harness's own words (FOLDED_FRAGMENT).
   */
  readonly answer?: Redactor;
}

const unchanged: Redactor = Object.assign((text: string) => text, { separable: true });

/** Below this length a key cannot be redacted by value without blanking ordinary text. */
export const SHORT_SECRET = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every character as a JSON `\uXXXX` escape, in lower- and upper-case hex. */
function unicodeEscaped(secret: string): string[] {
  const hex = [...secret]
    .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
    .map((h) => `\\u${h}`)
    .join('');
  // Only the hex digits change case: `u` is not one of them.
  return [hex, hex.replace(/[a-f]/g, (c) => c.toUpperCase())];
}

/**
 * What base64 makes of the key inside any longer text: wherever the key starts, its bytes from
 * the next 3-byte boundary on are encoded in a run of their own, one of three, in either
 * alphabet. Finding these is what decoding every run would find, for the price of a search.
 */
function base64Cores(utf8: Buffer): string[] {
  return [0, 1, 2].flatMap((from) => {
    const groups = Math.floor((utf8.length - from) / 3);
    if (groups < 2) return [];
    const core = utf8.subarray(from, from + 3 * groups).toString('base64');
    return [core, core.replaceAll('+', '-').replaceAll('/', '_')];
  });
}

/** The fixed forms a long key may take on the wire or in an echo of it. */
function secretForms(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replaceAll('%20', '+'),
    utf8.toString('base64'),
    utf8.toString('base64').replace(/=+$/, ''),
    utf8.toString('base64url'),
    utf8.toString('hex'),
    utf8.toString('hex').toUpperCase(),
    json,
    json.replaceAll('/', '\\/'),
    ...unicodeEscaped(secret),
    ...base64Cores(utf8),
  ];
  // Longest first, so a form that contains another is replaced whole.
  return [...new Set(forms)].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

/**
 * Every form of every secret, each with the marker of the secret it is, else of the first secret
 * that has it as a form (the key comes first): near-key tokens share many forms with the key, and
 * each is searched for once.
 */
function formMarkers(
  secrets: LabeledSecret[],
  formsOf: (secret: string) => string[],
): Map<string, string> {
  const markers = new Map<string, string>();
  // A secret sent as it is keeps its own marker, even where it is a form of an earlier one (the
  // key in base64 is a form of the key, and a token of its own): its curl line rebuilds it.
  for (const { secret, marker } of secrets)
    if (secret.length > 0 && !markers.has(secret)) markers.set(secret, marker);
  for (const { secret, marker } of secrets) {
    for (const form of formsOf(secret))
      if (form.length > 0 && !markers.has(form)) markers.set(form, marker);
  }
  return markers;
}

/** The shortest run of a key's characters that gives part of it away (issue: a cut key leaks its prefix). */
export const FRAGMENT = 10;

/**
 * What a text may hold of a secret in part: the secret, and its encodings no escape spells out
 * (base64 at each alignment, hex). A run of any of them, however escaped, is a part given away.
 */
function fragmentSources(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const hex = utf8.toString('hex');
  const utf16 = Buffer.from(secret, 'utf16le').toString('hex');
  return [
    secret,
    utf8.toString('base64'),
    ...base64Cores(utf8),
    hex,
    hex.toUpperCase(),
    utf16,
    utf16.toUpperCase(),
    // Turned round, or its letters rotated: undone in a moment by whoever reads the report.
    reversed(secret),
    rot13(secret),
    ...base64Cores(Buffer.from(reversed(secret), 'utf8')),
    ...base32Cores(utf8),
  ];
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 of whole 5-byte groups (no padding needed). */
function base32(bytes: Buffer): string {
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i + 5 <= bits.length; i += 5)
    out += BASE32[Number.parseInt(bits.slice(i, i + 5), 2)];
  return out;
}

/** As base64Cores, for base32: the key's bytes from each of the five group boundaries on. */
function base32Cores(utf8: Buffer): string[] {
  return [0, 1, 2, 3, 4].flatMap((from) => {
    const groups = Math.floor((utf8.length - from) / 5);
    return groups < 2 ? [] : [base32(utf8.subarray(from, from + 5 * groups))];
  });
}

const reversed = (text: string) => [...text].reverse().join('');
const rot13 = (text: string) =>
  text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

/**
 * The shortest run of a key's letters and digits, read in any case and whatever stands between
 * them (separators, spaces, controls, escape sequences), that gives part of it away in what a
 * target sent (an answer's header fields and body, as records keep them).
 */
export const FOLDED_FRAGMENT = 6;

/**
 * The same, in text that mixes the harness's own words with what it quotes (messages, console
 * lines): longer, so a key made of words (`base-url`) never blanks a flag the harness names.
 */
export const FOLDED_FRAGMENT_IN_WORDS = 12;

/**
 * A long secret goes wherever it is found: as is or in a fixed form (replaced by its marker), and
 * then any run of FRAGMENT of its characters or more (fewer, for a secret that short), however
 * escaped or cut (replaced by REDACTED).
 */
function longRedactor(secrets: LabeledSecret[], looseWindow?: number): Redactor {
  const forms = [...formMarkers(secrets, secretForms)].sort(([a], [b]) => b.length - a.length);
  // Most texts hold no form: one pass of one pattern says so (a search a form cost 1.6x more).
  const anyForm = new RegExp(forms.map(([form]) => escapeRegExp(form)).join('|'));
  const shortest = Math.min(...secrets.map((s) => s.secret.length));
  const fragments = new FragmentScan(
    [...new Set(secrets.flatMap((s) => fragmentSources(s.secret)))],
    Math.min(FRAGMENT, shortest),
  );
  const foldedSecrets = [
    ...new Set(secrets.flatMap((s) => [folded(s.secret), folded(reversed(s.secret))])),
  ].filter((f) => f.length > 0);
  const foldedWindow = Math.min(looseWindow ?? 0, ...foldedSecrets.map((f) => f.length));
  // A key of few letters and digits is found by its plain forms alone.
  const loose =
    looseWindow !== undefined && foldedWindow >= FOLDED_FRAGMENT
      ? new FragmentScan(foldedSecrets, foldedWindow)
      : undefined;
  return (text) => {
    let out = text;
    if (anyForm.test(out)) {
      for (const [form, marker] of forms)
        if (out.includes(form)) out = out.split(form).join(marker);
    }
    const decoded = layers(out);
    const found = fragments.spans(out, decoded);
    const spans = loose ? merge([...found, ...loose.foldedSpans(out, decoded)]) : found;
    return spans.length ? blanked(out, spans) : out;
  };
}

/**
 * The text with each span (sorted, apart) replaced by REDACTED, in one pass: a long answer may
 * hold thousands of runs, and cutting the text once per run was quadratic (700 ms a 70 KB name).
 */
function blanked(text: string, spans: readonly (readonly [number, number])[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const [start, end] of spans) {
    parts.push(text.slice(from, start), REDACTED);
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * A short secret is redacted only where it cannot be ordinary text: a whole value, a bearer
 * token, a quoted JSON string, or the value of a query or cookie parameter. Anywhere else a
 * one-character key would blank ids, check names and words.
 */
function shortRedactor(secrets: LabeledSecret[]): Redactor {
  const markers = formMarkers(secrets, (secret) => [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
  ]);
  const alt = [...markers.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const markerFor = (form: string) => markers.get(form) ?? REDACTED;
  // RFC 6750's b64token characters: a bearer token ends where they do (a full stop ends it
  // when no token character follows).
  const bearer = new RegExp(
    `\\b([Bb][Ee][Aa][Rr][Ee][Rr]\\s+)(${alt})(?![\\w\\-~+/=]|\\.[\\w\\-~+/=])`,
    'g',
  );
  const quoted = new RegExp(`"(${alt})"`, 'g');
  const parameter = new RegExp(`=(${alt})(?=$|[&;,\\s"'])`, 'g');
  const whole = new Map(secrets.map(({ secret, marker }) => [secret, marker]));
  return (text) =>
    whole.get(text) ??
    text
      .replace(bearer, (_, scheme: string, form: string) => `${scheme}${markerFor(form)}`)
      .replace(quoted, (_, form: string) => `"${markerFor(form)}"`)
      .replace(parameter, (_, form: string) => `=${markerFor(form)}`);
}

/** Builds a redactor for the given secrets; empty or missing secrets are ignored. */
export function createRedactor(
  secrets: ReadonlyArray<string | LabeledSecret | undefined>,
): Redactor {
  const known = new Map<string, string>();
  for (const s of secrets) {
    const { secret, marker } = typeof s === 'string' ? { secret: s, marker: REDACTED } : (s ?? {});
    if (secret && marker && !known.has(secret)) known.set(secret, marker);
  }
  const labeled = [...known].map(([secret, marker]) => ({ secret, marker }));
  const long = labeled.filter((s) => s.secret.length >= SHORT_SECRET);
  const short = labeled.filter((s) => s.secret.length < SHORT_SECRET);
  if (long.length + short.length === 0) return unchanged;
  const joined = (looseWindow?: number) => {
    const parts = [
      ...(long.length ? [longRedactor(long, looseWindow)] : []),
      ...(short.length ? [shortRedactor(short)] : []),
    ];
    return (text: string) => parts.reduce((out, part) => part(out), text);
  };
  // No run the long redactor decodes spans a newline, and no form of a key holds one unless
  // the key does.
  const separable = short.length === 0 && !long.some((s) => /[\r\n]/.test(s.secret));
  const plain = Object.assign(joined(), { separable });
  const answer = Object.assign(joined(FOLDED_FRAGMENT), { separable });
  return Object.assign(joined(FOLDED_FRAGMENT_IN_WORDS), { separable, plain, answer });
}

/** Header names and values redacted: a server may echo the key as either. */
export function redactHeaders(
  headers: Record<string, string>,
  redact: Redactor,
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [redact(k), redact(v)]));
}

/** The request header whose value carries the key on almost every request. */
const CARRIES_KEY = new Set(['authorization']);

/** The texts of a request the harness built, but the Authorization value (redacted on its own). */
function requestTexts({ request }: Exchange): string[] {
  const texts = [request.url];
  for (const [name, value] of Object.entries(request.headers)) {
    texts.push(name);
    if (!CARRIES_KEY.has(name)) texts.push(value);
  }
  if (request.body !== undefined) texts.push(request.body);
  return texts;
}

/** The texts of what came back: the answer's header fields and body, or the error. */
function answerTexts(ex: Exchange): string[] {
  const { response, error } = ex;
  const texts: string[] = [];
  if (response) texts.push(...Object.entries(response.headers).flat(), response.body);
  if (response?.jsonError !== undefined) texts.push(response.jsonError);
  if (error) texts.push(error.message);
  if (ex.afterHead !== undefined) texts.push(ex.afterHead);
  return texts;
}

/**
 * The redactor for some texts of an exchange: none, when a separable redactor finds nothing in
 * them all joined (one look, not one a text).
 */
function forSeldomKeyed(texts: string[], redact: Redactor): Redactor {
  if (!redact.separable) return redact;
  const joined = texts.join('\n');
  return redact(joined) === joined ? unchanged : redact;
}

/**
 * The exchange as it may leave the harness (log, reports, console): every text that came from
 * the wire or from the request the harness built is redacted; the parsed body is dropped, since
 * records show the body's text.
 */
export function redactExchange(ex: Exchange, redactor: Redactor): Exchange {
  const plain = redactor.plain ?? redactor;
  const redact = forSeldomKeyed(answerTexts(ex), redactor.answer ?? redactor);
  const sent = forSeldomKeyed(requestTexts(ex), plain);
  const { request, response, error } = ex;
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [
      sent(k),
      CARRIES_KEY.has(k) ? plain(v) : sent(v),
    ]),
  );
  return {
    ...ex,
    request: {
      ...request,
      url: sent(request.url),
      headers,
      ...(request.body === undefined ? {} : { body: sent(request.body) }),
    },
    ...(response
      ? {
          response: {
            status: response.status,
            headers: redactHeaders(response.headers, redact),
            body: redact(response.body),
            ...(response.jsonError === undefined ? {} : { jsonError: redact(response.jsonError) }),
            ...(response.truncated ? { truncated: true } : {}),
            ...(response.wholeBytes === undefined ? {} : { wholeBytes: response.wholeBytes }),
            ...(response.bodyLength === undefined ? {} : { bodyLength: response.bodyLength }),
          },
        }
      : {}),
    ...(error ? { error: { ...error, message: redact(error.message) } } : {}),
    ...(ex.afterHead === undefined ? {} : { afterHead: redact(ex.afterHead) }),
  };
}
