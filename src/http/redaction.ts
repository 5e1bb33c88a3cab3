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
    for (const form of forms) out = out.split(form).join(REDACTED);
    return out;
  };
}

/** Redacts every string inside a JSON value (keys and values), leaving its shape. */
export function redactJson(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redact(k), redactJson(v, redact)]),
    );
  }
  return value;
}

/**
 * Redacts every string value of a structure of our own making, leaving its keys: a report stays
 * valid and readable, however short the secret.
 */
export function redactValues<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValues(v, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, redactValues(v, redact)]),
    ) as T;
  }
  return value;
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
