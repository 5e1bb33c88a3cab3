import { createHash } from 'node:crypto';

/** What stands in the records where the key was. */
export const REDACTED = '[REDACTED]';

/** The environment variable a reproduced request reads the key from. */
export const API_KEY_ENV = 'PETSTORE_API_KEY';

const ENV = `$${API_KEY_ENV}`;

/** A string of the key in the shell: `"$PETSTORE_API_KEY"` piped through `tr` with these sets. */
const translated = (from: string, to: string) => `$(printf %s "${ENV}" | tr '${from}' '${to}')`;

/**
 * A token the harness derives from the key to send as a wrong credential, and how records and
 * curl lines stand for it: a marker in the records (the token is as secret as the key, nearly),
 * and a shell expression that rebuilds it from $PETSTORE_API_KEY, so a curl line reproducing a
 * finding sends the very token that was sent.
 */
export interface KeyVariant {
  label: string;
  token(key: string): string;
  /** What the records show; REDACTED within it stands for the key. */
  marker: string;
  /** The shell words that rebuild the token inside double quotes; undefined for REDACTED-based markers. */
  shell?: string;
  /** The shell words change the case of ASCII letters only (`tr`), as JavaScript does not. */
  asciiOnly?: true;
  /** Sent by NEAR-KEY alone, not paired with invalid inputs (CredentialVariant.unpaired). */
  unpaired?: true;
}

/** base64url's two characters for base64's, and back. */
const B64_SWAP: Record<string, string> = { '-': '+', _: '/', '+': '-', '/': '_' };

/** The key's printable ASCII characters as their fullwidth forms (U+FF01-U+FF5E). */
const fullwidth = (k: string) =>
  k.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** A b64token character (RFC 6750 2.1) other than `c`: `0`, or `1` in place of a `0`. */
const otherChar = (c: string) => (c === '0' ? '1' : '0');

/** The key with its character at `at(length)` (a code point) replaced by another. */
function changedAt(key: string, at: (length: number) => number): string {
  const chars = [...key];
  if (chars.length === 0) return key;
  const i = at(chars.length);
  chars[i] = otherChar(chars[i] as string);
  return chars.join('');
}

/**
 * The key in the shell with its character at awk's 1-based index `i` replaced as otherChar does.
 * awk reads bytes in some builds: ASCII keys only (asciiOnly).
 */
const changedInShell = (index: string) =>
  `$(printf %s "${ENV}" | awk '{i=${index}; c=substr($0,i,1); printf "%s%s%s", substr($0,1,i-1), (c=="0"?"1":"0"), substr($0,i+1)}')`;

const swapCase = (s: string) =>
  [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/**
 * The near-key tokens: the key with a character appended or prepended, followed by a space and
 * more text (a server that reads the first word after `Bearer` serves it), cut short, of the
 * same length with one character changed (last, middle or first: a server that compares a
 * prefix, or only some characters, serves one of them), or in another letter case. Case changes are rebuilt with `tr`, which knows ASCII letters only: for a key
 * with other letters, see markerOf.
 */
export const KEY_VARIANTS: readonly KeyVariant[] = [
  { label: 'the key with a character appended', token: (k) => `${k}x`, marker: `${REDACTED}x` },
  // What a server that strips quotes or list punctuation around a token serves (RFC 6750's
  // b64token has neither).
  { label: 'the key in double quotes', token: (k) => `"${k}"`, marker: `"${REDACTED}"` },
  { label: 'the key followed by a comma', token: (k) => `${k},`, marker: `${REDACTED},` },
  {
    label: 'the key followed by a space and more text',
    token: (k) => `${k} x`,
    marker: `${REDACTED} x`,
  },
  { label: 'the key with a character prepended', token: (k) => `x${k}`, marker: `x${REDACTED}` },
  // What a server that reads the last word of the field serves.
  {
    label: 'more text, a space and the key',
    token: (k) => `x ${k}`,
    marker: `x ${REDACTED}`,
  },
  // What a reader of `key.signature` tokens (a JWT's shape) that compares the part before the
  // full stop serves, and one that strips base64 padding before it compares.
  {
    label: 'the key followed by a full stop and more text',
    token: (k) => `${k}.x`,
    marker: `${REDACTED}.x`,
  },
  { label: 'the key with one = appended', token: (k) => `${k}=`, marker: `${REDACTED}=` },
  { label: 'the key with == appended', token: (k) => `${k}==`, marker: `${REDACTED}==` },
  // What a server that decodes the token before it compares serves: neither is the key (RFC
  // 6750 2.1's b64token has no %, and a token is compared as sent).
  {
    label: 'the key percent-encoded, every octet',
    token: (k) => Buffer.from(k, 'utf8').toString('hex').replace(/../g, '%$&'),
    marker: '[REDACTED:percent-encoded]',
    shell: `$(printf %s "${ENV}" | od -An -tx1 -v | tr -d ' \\n' | sed 's/../%&/g')`,
  },
  {
    label: 'the key in base64',
    token: (k) => Buffer.from(k, 'utf8').toString('base64'),
    marker: '[REDACTED:base64]',
    shell: `$(printf %s "${ENV}" | base64 | tr -d '\\n')`,
  },
  {
    label: 'the key without its last character',
    token: (k) => k.slice(0, -1),
    marker: '[REDACTED:cut]',
    shell: `\${${API_KEY_ENV}%?}`,
  },
  {
    label: 'the key with its last character changed',
    token: (k) => changedAt(k, (n) => n - 1),
    marker: '[REDACTED:last-changed]',
    shell: changedInShell('length($0)'),
    asciiOnly: true,
  },
  {
    label: 'the key with its middle character changed',
    token: (k) => changedAt(k, (n) => Math.floor(n / 2)),
    marker: '[REDACTED:middle-changed]',
    shell: changedInShell('int(length($0)/2)+1'),
    asciiOnly: true,
  },
  {
    label: 'the key with its first character changed',
    token: (k) => changedAt(k, () => 0),
    marker: '[REDACTED:first-changed]',
    shell: changedInShell('1'),
    asciiOnly: true,
  },
  // What a server that folds the token to NFKC before it compares serves (fullwidth letters
  // and digits become ASCII). Sent as UTF-8 octets: a header's characters go out as latin1.
  {
    label: 'the key in fullwidth characters (UTF-8)',
    token: (k) => Buffer.from(fullwidth(k), 'utf8').toString('latin1'),
    marker: '[REDACTED:fullwidth]',
    shell: `$(printf %s "${ENV}" | perl -CS -pe 'tr/\\x21-\\x7e/\\x{ff01}-\\x{ff5e}/')`,
    asciiOnly: true,
    unpaired: true,
  },
  // What a key store that folds the base64url alphabet into base64's (or back) before it
  // compares serves: another string, where the key holds any of - _ + /.
  {
    label: 'the key with - _ + / swapped for + / - _ (base64url and base64)',
    token: (k) => k.replace(/[-_+/]/g, (c) => B64_SWAP[c] as string),
    marker: '[REDACTED:b64-alphabet]',
    shell: `$(printf %s "${ENV}" | tr '+/_-' '-_/+')`,
    unpaired: true,
  },
  // What a check that trims the token with a Unicode-aware trim serves: U+00A0 is no HTTP
  // whitespace (RFC 9110 5.5: only SP and HTAB), so the field's token is another string.
  {
    label: 'the key followed by a no-break space (octet A0)',
    token: (k) => `${k}\xa0`,
    marker: '[REDACTED:nbsp-after]',
    shell: `$(printf '%s\\240' "${ENV}")`,
    unpaired: true,
  },
  {
    label: 'a no-break space (octet A0) followed by the key',
    token: (k) => `\xa0${k}`,
    marker: '[REDACTED:nbsp-before]',
    shell: `$(printf '\\240%s' "${ENV}")`,
    unpaired: true,
  },
  // What a key store that keeps hashes and also takes the stored hash itself serves (pass the
  // hash: anyone who reads the table is in).
  {
    label: 'the SHA-256 of the key, in hex',
    token: (k) => createHash('sha256').update(k, 'utf8').digest('hex'),
    marker: '[REDACTED:sha256]',
    shell: `$(printf %s "${ENV}" | sha256sum | cut -c1-64)`,
    unpaired: true,
  },
  {
    label: 'the key with its letter case swapped',
    token: swapCase,
    marker: '[REDACTED:swapcase]',
    shell: translated('a-zA-Z', 'A-Za-z'),
    asciiOnly: true,
  },
  {
    label: 'the key in upper case',
    token: (k) => k.toUpperCase(),
    marker: '[REDACTED:upper]',
    shell: translated('a-z', 'A-Z'),
    asciiOnly: true,
  },
  {
    label: 'the key in lower case',
    token: (k) => k.toLowerCase(),
    marker: '[REDACTED:lower]',
    shell: translated('A-Z', 'a-z'),
    asciiOnly: true,
  },
];

/** The shell words of base64 of the key inside `format` (printf's), on one line. */
const basicInShell = (format: string) => `$(printf '${format}' "${ENV}" | base64 | tr -d '\\n')`;
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The key as a Basic credential (RFC 7617): the token is the base64 text after `Basic `, the
 * key as user name (empty password) or as password. A server that takes either scheme, or the
 * key from any part of the pair, serves one of them.
 */
export const BASIC_KEY_FORMS: readonly KeyVariant[] = [
  {
    label: 'the key as the user name of a Basic credential (empty password)',
    token: (k) => base64(`${k}:`),
    marker: '[REDACTED:basic-user]',
    shell: basicInShell('%s:'),
  },
  {
    label: 'the key as the password of a Basic credential (empty user name)',
    token: (k) => base64(`:${k}`),
    marker: '[REDACTED:basic-password]',
    shell: basicInShell(':%s'),
  },
  {
    label: 'the key as the password of a Basic credential (user name x)',
    token: (k) => base64(`x:${k}`),
    marker: '[REDACTED:basic-x-password]',
    shell: basicInShell('x:%s'),
  },
];

/** A marker no shell expression rebuilds: a curl line then shows it as it is. */
const UNREBUILT = '[REDACTED:variant]';

/**
 * The marker of a variant of this key: its own, unless `tr` would not rebuild the token exactly
 * (letters beyond ASCII change case in JavaScript, not in `tr`).
 */
export function markerOf(variant: KeyVariant, key: string): string {
  if (!variant.asciiOnly) return variant.marker;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the point
  return /^[\u0000-\u007f]*$/.test(key) ? variant.marker : UNREBUILT;
}

/** Whether a text holds a marker of the key or of a token derived from it. */
export const holdsMarker = (text: string): boolean => text.includes(REDACTED.slice(0, -1));

/** Each marker in a text, in the shell words that rebuild what it stands for (double-quoted). */
export function markersToShell(text: string): string {
  let out = text;
  for (const { marker, shell } of [...KEY_VARIANTS, ...BASIC_KEY_FORMS]) {
    if (shell) out = out.split(marker).join(shell);
  }
  return out.split(REDACTED).join(`\${${API_KEY_ENV}}`);
}
