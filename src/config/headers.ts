import { HarnessError } from '../base/errors.ts';

/** RFC 9110's token: what a header name is made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers the harness sets itself, and the checks rely on: the key goes by --api-key, and a
 * body's type, its length, the accepted media type and encoding are what the checks send.
 */
const RESERVED = new Set([
  'authorization',
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'accept',
  'accept-encoding',
]);

// A header value may hold tabs, never other control characters (RFC 9110 field-value).
const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return (code < 0x20 && c !== '\t') || code === 0x7f;
};

/** Extra request headers: `NAME:VALUE` a line, names lower-cased. */
export interface ExtraHeaders {
  headers: Record<string, string>;
  /** The values to hide like the key (all, unless --header-public). */
  secrets: string[];
}

/**
 * The headers of --header (or PETSTORE_HEADERS, one a line). A message names the header and
 * where it was given, never its value: the value may be a secret.
 */
export function parseHeaders(
  raw: string | undefined,
  label: string,
  isPublic: boolean,
): ExtraHeaders {
  const headers: Record<string, string> = {};
  for (const line of (raw ?? '').split(/\r?\n/).filter((l) => l.trim() !== '')) {
    const colon = line.indexOf(':');
    const name = (colon < 0 ? '' : line.slice(0, colon)).trim();
    const value = line.slice(colon + 1).trim();
    if (colon < 0)
      throw new HarnessError(
        'CONFIG',
        `${label} must be NAME:VALUE (a header name, a colon, its value)`,
      );
    if (!TOKEN.test(name))
      throw new HarnessError('CONFIG', `${label}: '${name}' is not a header name`);
    const lower = name.toLowerCase();
    if (RESERVED.has(lower))
      throw new HarnessError(
        'CONFIG',
        `${label}: the harness sets ${name} itself${lower === 'authorization' ? ' (the key goes by --api-key or PETSTORE_API_KEY)' : ''}`,
      );
    if (value === '' || [...value].some(isControl))
      throw new HarnessError(
        'CONFIG',
        `${label}: the value of ${name} is empty or holds control characters`,
      );
    if (Object.hasOwn(headers, lower))
      throw new HarnessError('CONFIG', `${label}: ${name} is given twice`);
    headers[lower] = value;
  }
  return { headers, secrets: isPublic ? [] : Object.values(headers) };
}
