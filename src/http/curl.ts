import type { RecordedRequest } from './exchange.ts';
import { REDACTED } from './redaction.ts';

/** The environment variable a reproduced request reads the key from. */
export const API_KEY_ENV = 'PETSTORE_API_KEY';

function singleQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// A redacted value is rebuilt from the environment, so the line works without holding the key.
function quoteValue(text: string): string {
  if (!text.includes(REDACTED)) return singleQuote(text);
  const escaped = text.replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `"${escaped.split(REDACTED).join(`\${${API_KEY_ENV}}`)}"`;
}

const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection']);

/** A curl command line that sends the recorded request again. */
export function toCurl(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, singleQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (SKIPPED_HEADERS.has(name.toLowerCase())) continue;
    parts.push('-H', quoteValue(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quoteValue(request.body));
  return parts.join(' ');
}
