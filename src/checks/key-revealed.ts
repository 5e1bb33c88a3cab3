import type { Exchange } from '../http/exchange.ts';
import { type Finding, finding } from './finding.ts';

/**
 * The forms of the key an answer may carry it in: as it is, JSON-escaped (`\/`), and
 * percent-encoded (a Location or a link).
 */
function formsOf(key: string): string[] {
  const forms = new Set([
    key,
    JSON.stringify(key).slice(1, -1),
    JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/'),
    encodeURIComponent(key),
  ]);
  return [...forms].filter((form) => form.length > 0);
}

/**
 * The texts of a request, and its URL and field values decoded (percent-encoding, base64 as in
 * Basic credentials): what it carried in any form may come back in its answer without harm.
 */
function requestTexts(ex: Exchange): string[] {
  const { url, headers, body } = ex.request;
  const values = Object.values(headers);
  const decoded = [safeDecode(url), ...values.flatMap(base64Words)];
  return [url, ...Object.keys(headers), ...values, body ?? '', ...decoded];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Each word of a field value read as base64 (a Basic credential, a token of some scheme). */
function base64Words(value: string): string[] {
  return value
    .split(/[\s,;=]+/)
    .filter((word) => /^[A-Za-z0-9+/_-]{8,}={0,2}$/.test(word))
    .map((word) => Buffer.from(word, 'base64').toString('latin1'));
}

/** The texts of an answer, each looked at as it is (no copy of a large body). */
function answerTexts(ex: Exchange): string[] {
  const response = ex.response;
  if (!response) return [];
  return [...Object.keys(response.headers), ...Object.values(response.headers), response.body];
}

/** True when one of `texts` holds one of `forms`. */
const holdsAny = (texts: readonly string[], forms: readonly string[]) =>
  texts.some((text) => forms.some((form) => text.includes(form)));

/**
 * An answer that carries the run's API key to a request that did not carry it (a 401 naming the
 * key it expected): whoever sends any request learns the key, and no operation is guarded any
 * more ("Every operation requires HTTP bearer authentication"). A request that carried the key in
 * any form (wrong scheme, a query parameter) may get it echoed: that reveals nothing.
 */
export function keyRevealedProblem(ex: Exchange, apiKey: string): Finding | undefined {
  if (!ex.response || apiKey.length === 0) return undefined;
  const forms = formsOf(apiKey);
  // The answer first: it rarely holds the key, and then the request need not be read at all.
  if (!holdsAny(answerTexts(ex), forms)) return undefined;
  if (holdsAny(requestTexts(ex), forms)) return undefined;
  const text = `the answer carries the API key, which the request did not: anyone who sends a request learns the key`;
  return finding('key-revealed', { status: ex.response.status }, text);
}
