import { expect } from 'vitest';
import { nearKeys } from '../../src/checks/auth-table.ts';
import { BASIC_KEY_FORMS } from '../../src/http/key-variants.ts';
import { type CliResult, readArtifacts } from './cli.ts';

/** Every encoding a server may echo a key in, by name. */
export function keyForms(key: string): Record<string, string> {
  const bytes = Buffer.from(key);
  const json = JSON.stringify(key).slice(1, -1);
  return {
    raw: key,
    percent: encodeURIComponent(key),
    everyBytePercent: [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
    base64: bytes.toString('base64').replace(/=+$/, ''),
    base64url: bytes.toString('base64url'),
    hex: bytes.toString('hex'),
    upperHex: bytes.toString('hex').toUpperCase(),
    jsonSlashEscaped: json.replaceAll('/', '\\/'),
    jsonUnicodeEscaped: [...key]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  };
}

/** Characters of a key a leak is made of: any run this long gives part of it away. */
const WINDOW = 10;

/**
 * A text with every escape undone, as often as it was applied: JSON and JS escapes behind any
 * number of backslashes, percent-encoding, HTML references. Written apart from the harness's
 * own scanner (src/http/secret-scan.ts), so the two do not share a blind spot.
 */
export function fullyDecoded(text: string): string {
  let out = text;
  for (let round = 0; round < 6; round++) {
    const next = out
      .replace(/\\+u\{([0-9a-fA-F]{1,6})\}/g, (_, h: string) =>
        String.fromCodePoint(Number.parseInt(h, 16) % 0x110000),
      )
      .replace(/\\+u([0-9a-fA-F]{4})/g, (_, h: string) =>
        String.fromCharCode(Number.parseInt(h, 16)),
      )
      .replace(/\\+x([0-9a-fA-F]{2})/g, (_, h: string) =>
        String.fromCharCode(Number.parseInt(h, 16)),
      )
      .replace(/\\+([/"'\\])/g, '$1')
      .replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
      .replace(/&#[xX]([0-9a-fA-F]{1,6});/g, (_, h: string) =>
        String.fromCodePoint(Number.parseInt(h, 16) % 0x110000),
      )
      .replace(/&#([0-9]{1,7});/g, (_, d: string) =>
        String.fromCodePoint(Number.parseInt(d, 10) % 0x110000),
      )
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    if (next === out) break;
    out = next;
  }
  return out;
}

/** The runs of WINDOW characters of every text a key may be given away as. */
function windowsOf(key: string): string[] {
  const bytes = Buffer.from(key);
  const sources = [
    key,
    ...nearKeys(key).map((n) => n.token),
    // The key inside a Basic credential: base64 of `<key>:`, `:<key>`, `x:<key>`.
    ...BASIC_KEY_FORMS.map((form) => form.token(key)),
    bytes.toString('base64'),
    bytes.toString('hex'),
  ];
  const windows = new Set<string>();
  for (const s of sources)
    for (let i = 0; i + WINDOW <= s.length; i++) windows.add(s.slice(i, i + WINDOW));
  return [...windows];
}

/** The first run of the key (or of a token near it) a text holds, plainly or under any escape. */
export function keyWindowIn(text: string, key: string): string | undefined {
  const decoded = fullyDecoded(text);
  // NFKC reads fullwidth letters and digits (an echo of the fullwidth near-key) as ASCII.
  const folded = decoded.normalize('NFKC');
  return windowsOf(key).find((w) => text.includes(w) || decoded.includes(w) || folded.includes(w));
}

/**
 * No form of the key in the console or in any report the run wrote: not whole in any encoding,
 * and not a run of WINDOW of its characters, plainly or under escapes of any depth.
 */
export function expectNoKey(result: CliResult, key: string): void {
  const outputs = { ...readArtifacts(result), stdout: result.stdout, stderr: result.stderr };
  for (const [name, text] of Object.entries(outputs)) {
    for (const [form, value] of Object.entries(keyForms(key))) {
      expect(text.includes(value), `${name} holds the key (${form})`).toBe(false);
    }
    expect(keyWindowIn(text, key), `${name} holds part of the key`).toBeUndefined();
  }
}
