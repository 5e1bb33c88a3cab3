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

const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection']);

/** A curl command line that sends the recorded request again. */
export function toCurl(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, quoteValue(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (SKIPPED_HEADERS.has(name.toLowerCase())) continue;
    parts.push('-H', quoteValue(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quoteValue(request.body));
  return parts.join(' ');
}
