import { expect } from 'vitest';
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

/** No form of the key in the console or in any report the run wrote. */
export function expectNoKey(result: CliResult, key: string): void {
  const outputs = { ...readArtifacts(result), stdout: result.stdout, stderr: result.stderr };
  for (const [name, text] of Object.entries(outputs)) {
    for (const [form, value] of Object.entries(keyForms(key))) {
      expect(text.includes(value), `${name} holds the key (${form})`).toBe(false);
    }
  }
}
