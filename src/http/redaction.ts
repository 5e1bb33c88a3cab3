/** What stands in the records where a secret was. */
export const REDACTED = '[REDACTED]';

/** Replaces every known secret, in every form it may travel in, with a marker. */
export type Redactor = (text: string) => string;

/** The forms a key may take on the wire or in an echo of it. */
function secretForms(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replaceAll('%20', '+'),
    utf8.toString('base64'),
    utf8.toString('base64').replace(/=+$/, ''),
    utf8.toString('base64url'),
    JSON.stringify(secret).slice(1, -1),
  ];
  // Longest first, so a form that contains another is replaced whole.
  return [...new Set(forms)].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

/** Builds a redactor for the given secrets; empty or missing secrets are ignored. */
export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  const forms = secrets.filter((s): s is string => !!s).flatMap(secretForms);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    // Most texts hold no secret: looking costs less than splitting.
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
}

// One walk for both: server bodies may hide a key in an object key; our own reports must keep
// their field names.
function redactStrings(value: unknown, redact: Redactor, keys: boolean): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, redact, keys));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [keys ? redact(k) : k, redactStrings(v, redact, keys)]),
    );
  }
  return value;
}

/** Redacts every string inside a JSON value (keys and values), leaving its shape. */
export function redactJson(value: unknown, redact: Redactor): unknown {
  return redactStrings(value, redact, true);
}

/**
 * Redacts every string value of a structure of our own making, leaving its keys: a report stays
 * valid and readable, however short the secret.
 */
export function redactValues<T>(value: T, redact: Redactor): T {
  return redactStrings(value, redact, false) as T;
}

/** Below this length a key cannot be redacted by value without blanking ordinary text. */
export const SHORT_SECRET = 8;

/** Redacts header values; the Authorization header is always hidden when it carries a secret. */
export function redactHeaders(
  headers: Record<string, string>,
  redact: Redactor,
): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, redact(v)]));
}
