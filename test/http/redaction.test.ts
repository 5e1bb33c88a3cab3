import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/http/exchange.ts';
import { createRedactor, FRAGMENT, REDACTED, redactExchange } from '../../src/http/redaction.ts';

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

  it('redacts the line of a HEAD answered before the request on its connection', () => {
    const ex: Exchange = {
      seq: 1,
      startedAt: '',
      durationMs: 1,
      afterHead: `HTTP/1.1 200 ${KEY}`,
      request: { method: 'GET', url: 'http://h/v1/pets', headers: {}, afterOwnHead: true },
      response: { status: 200, headers: {}, body: '[]' },
    };
    const out = JSON.stringify(redactExchange(ex, redact));
    expect(out).not.toContain(KEY);
    expect(out).toContain('HTTP/1.1 200');
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

describe('parts of a key, however escaped', () => {
  const redact = createRedactor([KEY]);
  // Characters none of KEY's, nor of its escapes: what is left of a text once its key is gone.
  const FILLER = fc.string({ unit: fc.constantFrom('-', '!', 'Z', ' ', '.', ',', '~', '|') });
  const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');
  const spellings: Array<(c: string) => string> = [
    (c) => c,
    (c) => `\\u${hex(c).padStart(4, '0')}`,
    (c) => `\\\\u${hex(c).toUpperCase().padStart(4, '0')}`,
    (c) => `\\x${hex(c)}`,
    (c) => `\\u{${hex(c)}}`,
    (c) => (/[/"]/.test(c) ? `\\${c}` : c),
    (c) => (/[/"]/.test(c) ? `\\\\${c}` : c),
    (c) => `%${hex(c).toUpperCase()}`,
    (c) => `%25${hex(c)}`,
    (c) => `%2525${hex(c)}`,
    (c) => `&#x${hex(c)};`,
    (c) => `&#${c.charCodeAt(0)};`,
    (c) => `&amp;#${c.charCodeAt(0)};`,
  ];
  const spelled = (part: string) =>
    fc
      .array(fc.nat(spellings.length - 1), { minLength: part.length, maxLength: part.length })
      .map((ways) =>
        [...part]
          .map((c, i) => (spellings[ways[i] as number] as (c: string) => string)(c))
          .join(''),
      );
  const part = fc
    .tuple(fc.nat(KEY.length - FRAGMENT), fc.nat(KEY.length))
    .map(([from, extra]) => KEY.slice(from, Math.min(KEY.length, from + FRAGMENT + extra)));

  it('no run of FRAGMENT characters of the key is left, in any mix of escapes at any depth', () => {
    fc.assert(
      fc.property(FILLER, part.chain(spelled), FILLER, (before, key, after) => {
        const out = redact(`${before}${key}${after}`);
        expect(out).toContain(REDACTED);
        expect(out.split(REDACTED).join('')).toBe(`${before}${after}`);
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it('the leaks a red team found: PHP, .NET, Go, quoted twice, percent-encoded twice, cut', () => {
    const key = 'Zm9vYmFy/K3y+SeCrEt/x=';
    const r = createRedactor([key]);
    const php = JSON.stringify(key).replaceAll('/', '\\/');
    const dotnet = key.replaceAll('+', '\\u002B');
    const go = key.replaceAll('/', '%2F');
    const cases = [
      JSON.stringify(`{"echo":${php}}`),
      JSON.stringify(JSON.stringify(`{"echo":"${dotnet}"}`)),
      `Location: /v1/pets?next=${go}`,
      `Set-Cookie: t=${encodeURIComponent(encodeURIComponent(key))}`,
      `{"echo":"${key.slice(0, 20)}`,
      `${key.slice(3)}"}`,
      `&lt;b&gt;${key.replaceAll('+', '&#43;')}&lt;/b&gt;`,
    ];
    for (const text of cases) {
      const out = r(text);
      for (let i = 0; i + FRAGMENT <= key.length; i++)
        expect(out, text).not.toContain(key.slice(i, i + FRAGMENT));
      expect(out, text).toContain(REDACTED);
    }
  });

  it('the leaks a second red team found: case, separators, pieces, reversed, interleaved, nested escapes', () => {
    const key = 'k3y-S3cr3t-7f9a2b41c0de';
    // What a target sent: the answer's redactor, which finds runs of 6 letters and digits.
    const r = createRedactor([key]).answer as (text: string) => string;
    const ESC = String.fromCharCode(0x1b);
    const chars = [...key];
    const cases = [
      'k3y-s3cR3T-7f9a2b41C0De',
      key.replaceAll('-', '_'),
      key.slice(0, 8),
      key.slice(8, 16),
      key.slice(16),
      [...key].reverse().join(''),
      chars.join(' '),
      chars.join('.'),
      chars.join('\u200b'),
      chars.join(`${ESC}[0m`),
      chars.join('<!---->'),
      chars.map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(''),
      encodeURIComponent(chars.map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')),
      encodeURIComponent(chars.map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('')),
      key.replace(/[a-z]/gi, (c) =>
        String.fromCharCode(
          ((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97),
        ),
      ),
    ];
    for (const text of cases) expect(r(text), text).toContain(REDACTED);
    // Ordinary words and ids stay: a run needs 6 of the key's letters and digits in a row.
    expect(r('pet 7f9a listed, status sold, id 41')).toBe('pet 7f9a listed, status sold, id 41');
    // In the harness's own words (messages), 12: the whole key in another case still goes, and
    // a key made of words never blanks a flag the harness names.
    expect(createRedactor([key])('got k3y-s3cR3T-7f9a2b41C0De back')).toContain(REDACTED);
    const wordy = createRedactor(['pc-e2e-base-url-key-0123456789']);
    expect(wordy('check --base-url: it should be the URL')).toBe(
      'check --base-url: it should be the URL',
    );
  });

  it('leaves ordinary text alone, escapes and all', () => {
    for (const text of [
      '{"name":"caf\\u00e9 \\"Rex\\" 100%25 & co","categoryId":-9223372036854775808}',
      '/v1/pets?status=available&limit=100&name=%F0%9F%90%B6',
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; \\\\\\ %%%% &#xZZ;',
    ])
      expect(redact(text)).toBe(text);
  });

  it('stays linear on long runs of escapes, valid or not', () => {
    for (const text of [
      `"${'\\q'.repeat(200_000)}"`,
      '%25'.repeat(200_000),
      '&amp;'.repeat(200_000),
      '\\'.repeat(400_000),
    ]) {
      const started = performance.now();
      expect(redact(text)).toBe(text);
      // Quadratic would be minutes; this is a bound a loaded machine keeps by far.
      expect(performance.now() - started).toBeLessThan(20_000);
    }
  });

  it('stays linear on a long answer holding thousands of runs of the key', () => {
    // Each run is blanked: cutting the text once per run was quadratic (700 ms for a 70 KB name
    // that held a 6-letter run of the key 7,000 times; minutes for this one).
    const text = `${KEY.slice(0, 12)}, `.repeat(100_000);
    const started = performance.now();
    const out = (redact.answer ?? redact)(text);
    expect(out).toBe(`${REDACTED}, `.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
