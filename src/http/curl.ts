import type { RecordedRequest } from './exchange.ts';
import { holdsMarker, markersToShell } from './key-variants.ts';

export { API_KEY_ENV } from './key-variants.ts';

function singleQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A redacted value is rebuilt from the environment, so the line works without holding the key,
 * and sends what was sent: a near-key token through the shell words of its marker.
 */
function quoteValue(text: string): string {
  if (!holdsMarker(text)) return singleQuote(text);
  const escaped = text.replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `"${markersToShell(escaped)}"`;
}

/**
 * The body as one shell word. Octets that were no UTF-8 are recorded as U+FFFD: the harness
 * sends 0xFF for them (body-forms.ts), which bash's $'\xff' writes back between quoted pieces.
 */
function bodyWord(request: RecordedRequest): string {
  const body = request.body ?? '';
  if (!request.notUtf8) return quoteValue(body);
  return body.split('\uFFFD').map(quoteValue).join("$'\\xff'");
}

const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection']);

/**
 * One header field as curl's -H word. An empty value is written `Name;` (curl drops a field
 * written `Name:` with nothing after it). A value is sent as Latin-1 octets (undici writes
 * each code unit up to U+00FF as one octet): those past ASCII go as printf's octal escapes
 * (POSIX, any sh) between quoted pieces, so curl sends the same octets.
 */
function headerWord(name: string, value: string): string {
  if (value === '') return singleQuote(`${name};`);
  const field = `${name}: ${value}`;
  if (!/[\u0080-\u00ff]/.test(field)) return quoteValue(field);
  return field
    .split(/([\u0080-\u00ff])/)
    .map((piece, i) =>
      i % 2 === 1
        ? `"$(printf '\\${piece.charCodeAt(0).toString(8)}')"`
        : piece && quoteValue(piece),
    )
    .join('');
}

/**
 * The URL's words. A query parameter that carried a key (or a token derived from it) was sent
 * percent-encoded: it goes through curl's --url-query (curl 7.87 or later), which encodes what
 * the shell rebuilds; the other parameters go as they were (`+`: not encoded again), in order.
 */
function urlWords(url: string): string[] {
  const at = url.indexOf('?');
  if (at < 0 || !holdsMarker(url.slice(at))) return [quoteValue(url)];
  const pairs = url.slice(at + 1).split('&');
  return [
    quoteValue(url.slice(0, at)),
    ...pairs.flatMap((pair) => [
      '--url-query',
      holdsMarker(pair) ? quoteValue(pair) : singleQuote(`+${pair}`),
    ]),
  ];
}

/** A path holding a `.` or `..` segment, which curl resolves unless told --path-as-is. */
const DOT_SEGMENT = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*[^?#]*\/\.\.?(?:[/?#]|$)/i;

/**
 * A curl command line that sends the recorded request again; one sent after a HEAD of itself on
 * one connection, as `curl -I URL --next URL` (curl keeps the connection between the two).
 */
export function toCurl(request: RecordedRequest): string {
  const own = curlWords(request);
  if (!request.afterOwnHead) return ['curl', ...own].join(' ');
  const { afterOwnHead: _, ...plain } = request;
  return ['curl', ...curlWords({ ...plain, method: 'HEAD' }), '--next', ...own].join(' ');
}

/** curl's words for one request (after `curl`); a HEAD by -I, so that curl reads no body. */
function curlWords(request: RecordedRequest): string[] {
  const method = request.method === 'HEAD' ? ['-I'] : ['-X', request.method];
  const parts = ['-sS', '-i', ...method, ...urlWords(request.url)];
  // The harness sent the dot segments as written (SendOptions.asWritten): so does curl.
  if (DOT_SEGMENT.test(request.url)) parts.push('--path-as-is');
  if (request.httpVersion === '1.0') parts.push('--http1.0');
  // curl writes origin-form unless told the target (its URL, without the fragment).
  if (request.absoluteForm) parts.push('--request-target', quoteValue(absoluteTarget(request)));
  for (const [name, value] of Object.entries(request.headers)) {
    if (SKIPPED_HEADERS.has(name.toLowerCase())) continue;
    // A value holding LF was sent as that many field lines (exchange.ts): curl sends each -H.
    for (const line of value.split('\n')) parts.push('-H', headerWord(name, line));
  }
  // curl sends the body chunked when told to (its chunks and any extension or trailer its own).
  if (request.framing) parts.push('-H', singleQuote('Transfer-Encoding: chunked'));
  if (request.body !== undefined) parts.push('--data-raw', bodyWord(request));
  return parts;
}

/** The absolute-form target a request was sent with: its URL, or its path under another origin. */
function absoluteTarget(request: RecordedRequest): string {
  const whole = request.url.split('#')[0] as string;
  if (!request.absoluteOrigin) return whole;
  const url = new URL(whole);
  return `${request.absoluteOrigin}${url.pathname}${url.search}`;
}
