import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { readArtifacts, runCli } from '../support/cli.ts';
import { expectNoKey, keyForms } from '../support/key-forms.ts';

// Characters that percent-encoding and base64 both change, so every form differs.
const KEY = 'k3y/with+odd=chars&1234';
const FORMS = {
  raw: KEY,
  percent: encodeURIComponent(KEY),
  base64: Buffer.from(KEY).toString('base64'),
  base64url: Buffer.from(KEY).toString('base64url'),
  // Tokens near the key, which the auth checks send: they give the key away just as well.
  truncated: KEY.slice(0, -1),
  upper: KEY.toUpperCase(),
  lastChanged: `${KEY.slice(0, -1)}0`,
  // The key inside a Basic credential, as AUTH-*-OTHER-SCHEME sends it.
  basicUser: Buffer.from(`${KEY}:`).toString('base64'),
  basicPassword: Buffer.from(`x:${KEY}`).toString('base64'),
};

describe('the key never leaks, even from a server that echoes it', async () => {
  const ignoresAuthOnList = findFault('auth-ignored-on-list');
  const server = await startFault(
    {
      name: 'echo',
      description: 'Echoes the credential in headers and bodies, and skips auth on listPets.',
      wrap: (app, ctx) => async (req) => {
        const res = await ignoresAuthOnList.wrap(app, ctx)(req);
        const auth = req.headers.authorization ?? '';
        const token = auth.replace(/^Bearer /, '');
        const echo = {
          'x-echo-authorization': auth,
          'x-echo-percent': encodeURIComponent(token),
          'x-echo-base64': Buffer.from(token).toString('base64'),
          'x-echo-hex': Buffer.from(token).toString('hex'),
        };
        if (res.status < 400) return { ...res, headers: { ...res.headers, ...echo } };
        // Written as text: JSON's optional escapes (\/ and \uXXXX) spell the key anew.
        const escapedSlash = JSON.stringify(auth).slice(1, -1).replaceAll('/', '\\/');
        const escapedAll = keyForms(token).jsonUnicodeEscaped;
        const message = `you sent ${escapedSlash} (${Buffer.from(token).toString('base64url')}, ${escapedAll})`;
        return {
          status: res.status,
          headers: { ...res.headers, ...echo, 'content-type': 'application/json' },
          raw: `{"code":"unauthorized","message":"${message}","status":${res.status}}`,
        };
      },
    },
    KEY,
  );
  afterAll(() => server.close());

  it('no form of the key in the console, report.json, junit.xml, summary.md, report.html, exchanges.har or curl lines', async () => {
    const result = await runCli([
      'run',
      '--base-url',
      server.baseUrl,
      '--api-key',
      KEY,
      '--profile',
      'ci',
    ]);
    expect(result.code).toBe(1);
    const outputs: Record<string, string> = {
      ...readArtifacts(result),
      stdout: result.stdout,
      stderr: result.stderr,
    };
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining([
        'report.json',
        'junit.xml',
        'summary.md',
        'report.html',
        'exchanges.har',
        'metrics.prom',
      ]),
    );
    for (const [name, text] of Object.entries(outputs)) {
      for (const [form, value] of Object.entries(FORMS)) {
        expect(text.includes(value), `${name} holds the key (${form})`).toBe(false);
      }
    }
    expectNoKey(result, KEY);
    // The echoes were recorded, redacted: the evidence is there, the secret is not.
    expect(outputs['exchanges.har']).toContain('"x-echo-authorization"');
    expect(outputs['exchanges.har']).toContain('Bearer [REDACTED]');
    expect(outputs.stdout).toContain('reproduce: curl');
  });
});
