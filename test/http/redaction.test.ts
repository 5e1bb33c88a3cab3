import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/http/exchange.ts';
import { createRedactor, REDACTED, redactExchange } from '../../src/http/redaction.ts';
import { decodedRunsHolding } from '../../src/http/secret-scan.ts';

const KEY = 'k3y/with+odd=chars';
const bytes = Buffer.from(KEY);
const everyCharEscaped = (text: string, upper = false) =>
  [...text]
    .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
    .map((h) => `\\u${upper ? h.toUpperCase() : h}`)
    .join('');
const everyCharPercent = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');

const ENCODINGS: Array<[string, string]> = [
  ['as is', KEY],
  ['percent-encoded', encodeURIComponent(KEY)],
  ['every byte percent-encoded', everyCharPercent(KEY)],
  ['base64', bytes.toString('base64')],
  ['base64url', bytes.toString('base64url')],
  ['base64 of a longer text', Buffer.from(`Bearer ${KEY}!`).toString('base64')],
  ['hex', bytes.toString('hex')],
  ['upper-case hex', bytes.toString('hex').toUpperCase()],
  ['hex of a longer text', Buffer.from(`token=${KEY}`).toString('hex')],
  ['JSON with / escaped', JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/')],
  ['JSON with every character escaped', everyCharEscaped(KEY)],
  ['JSON with upper-case escapes', everyCharEscaped(KEY, true)],
  ['JSON with some characters escaped', `k3y\\/with\\u002bodd=chars`],
];

describe('redaction of a key long enough to be told from ordinary text', () => {
  const redact = createRedactor([KEY]);

  it.each(ENCODINGS)('finds it %s, inside a body', (_form, encoded) => {
    const body = `{"code":"unauthorized","message":"you sent ${encoded} (twice: ${encoded})"}`;
    const out = redact(body);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(encoded);
    expect(out.startsWith('{"code":"unauthorized","message":"')).toBe(true);
  });

  it('redacts header names as well as values', () => {
    const ex: Exchange = {
      seq: 1,
      startedAt: '',
      durationMs: 1,
      request: { method: 'GET', url: `http://h/v1/pets?api_key=${KEY}`, headers: {} },
      response: { status: 401, headers: { [`x-${KEY}`]: KEY }, body: '' },
    };
    const out = JSON.stringify(redactExchange(ex, redact));
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(encodeURIComponent(KEY));
  });

  it('leaves text without the key as it is', () => {
    const body =
      '{"id":9007199254740993,"name":"deadbeefcafe0123456789abcdef","tag":"aGVsbG8gd29ybGQ="}';
    expect(redact(body)).toBe(body);
  });

  it('looks at a whole exchange at once and finds what looking at each text finds', () => {
    const oneByOne = Object.assign((text: string) => redact(text), { separable: false });
    const text = fc.string({
      unit: fc.constantFrom('a', '%', '2', 'F', '\\', 'u', '\n', ' ', '"'),
    });
    const placed = fc.tuple(text, fc.constantFrom(...ENCODINGS.map(([, e]) => e), ''), text);
    const field = placed.map(([before, key, after]) => `${before}${key}${after}`);
    fc.assert(
      fc.property(fc.tuple(field, field, field, field, field, field), (f) => {
        const ex: Exchange = {
          seq: 1,
          startedAt: '',
          durationMs: 1,
          request: { method: 'GET', url: `http://h/v1/${f[0]}`, headers: { [f[1]]: f[2] } },
          response: { status: 401, headers: { a: f[3], [`x${f[4]}`]: 'b' }, body: f[5] },
        };
        expect(redactExchange(ex, redact)).toEqual(redactExchange(ex, oneByOne));
      }),
      { seed: 7, numRuns: 300 },
    );
    expect(redact.separable).toBe(true);
    expect(createRedactor(['short']).separable).toBe(false);
    expect(createRedactor([`${KEY}\n`]).separable).toBe(false);
  });

  it('is the identity without secrets', () => {
    expect(createRedactor([undefined, ''])('abc')).toBe('abc');
  });
});

describe('redaction of a short key: only where it cannot be ordinary text', () => {
  it('never touches ids, check names or the harness words', () => {
    const redact = createRedactor(['K', 'k']);
    for (const text of [
      'AUTH-CREATE-NO-KEY',
      `curl -H "authorization: Bearer $${'{'}PETSTORE_API_KEY}"`,
      '{"id":12,"name":"Kitty","categoryId":7}',
      'GET-404-UNKNOWN: expected 404, got 200',
    ]) {
      expect(redact(text)).toBe(text);
    }
  });

  it('redacts it as a whole value, a bearer token, a quoted string and a parameter value', () => {
    const redact = createRedactor(['K']);
    expect(redact('K')).toBe(REDACTED);
    expect(redact('Bearer K')).toBe(`Bearer ${REDACTED}`);
    expect(redact('you sent bearer K.')).toBe(`you sent bearer ${REDACTED}.`);
    expect(redact('{"echo":"K"}')).toBe(`{"echo":"${REDACTED}"}`);
    expect(redact('/pets?api_key=K&limit=5')).toBe(`/pets?api_key=${REDACTED}&limit=5`);
    expect(redact('Bearer Kitty')).toBe('Bearer Kitty');
  });

  it('a digit for a key leaves numbers alone', () => {
    const redact = createRedactor(['7']);
    expect(redact('{"id":7,"categoryId":77}')).toBe('{"id":7,"categoryId":77}');
    expect(redact('Bearer 7')).toBe(`Bearer ${REDACTED}`);
  });
});

describe('decodedRunsHolding', () => {
  // The scan of the whole text it replaced: every run of each pattern, decoded when it holds an
  // escape. The targeted scan must find exactly what this finds.
  const JSON_RUNS = /(?:\\u[0-9A-Fa-f]{4}|\\["\\/bfnrt]|[^"\\\r\n])+/g;
  const PERCENT_RUNS = /(?:%[0-9A-Fa-f]{2}|[^\s"'%<>&;,=?#])+/g;
  function wholeScan(text: string, secrets: Buffer[]): string[] {
    const min = Math.min(...secrets.map((s) => s.length));
    const found = new Set<string>();
    const holds = (bytes: Buffer) => secrets.some((s) => bytes.includes(s));
    for (const [run] of text.matchAll(JSON_RUNS)) {
      if (run.length < min || !run.includes('\\')) continue;
      try {
        if (holds(Buffer.from(JSON.parse(`"${run}"`) as string))) found.add(run);
      } catch {}
    }
    for (const [run] of text.matchAll(PERCENT_RUNS)) {
      if (run.length < min || !run.includes('%')) continue;
      const decode = (t: string) =>
        Buffer.from(
          t.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) =>
            String.fromCharCode(Number.parseInt(h, 16)),
          ),
          'latin1',
        );
      if (holds(decode(run)) || holds(decode(run.replaceAll('+', ' ')))) found.add(run);
    }
    return [...found].sort((a, b) => b.length - a.length);
  }

  it('finds what a scan of the whole text finds, looking only where escapes are', () => {
    const secret = 'k3y/x+y';
    const secrets = [Buffer.from(secret)];
    const pieces = fc.constantFrom(
      'k',
      '3',
      'y',
      '/',
      'x',
      '+',
      '\\',
      '\\/',
      '\\u006b',
      '\\u006B',
      '%6b',
      '%2F',
      '%2f',
      '%',
      '"',
      '\n',
      '\r',
      ' ',
      '&',
      '=',
      '?',
      '#',
      "'",
      'u',
      '0',
      'a',
      '\\q',
      '%zz',
      '\u00a0',
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(decodedRunsHolding(text, secrets)).toEqual(wholeScan(text, secrets));
      }),
      { seed: 3, numRuns: 5000 },
    );
  });

  it('stays linear on a long run of invalid escapes', () => {
    const text = `"${'\\q'.repeat(200_000)}"`;
    const started = performance.now();
    expect(decodedRunsHolding(text, [Buffer.from('k3y-long-secret')])).toEqual([]);
    // Quadratic would be minutes; this is a bound a loaded machine keeps by far.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
