import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { readArtifacts, runCli } from '../support/cli.ts';
import { expectNoKey } from '../support/key-forms.ts';

// A padded base64 key: `/`, `+` and `=` are what Go's PathEscape, PHP and .NET each spell
// differently.
const KEY = 'Zm9vYmFy/K3y+SeCrEt/0123456789=';

const php = (text: string) => JSON.stringify(text).slice(1, -1).replaceAll('/', '\\/');
const dotnet = (text: string) => text.replaceAll('+', '\\u002B').replaceAll('/', '\\u002F');
const goPathEscape = (text: string) => text.replaceAll('/', '%2F');

let answered = 0;

/**
 * Echoes whatever token it was sent in every way the red team found a leak: a 401 body that is
 * no Error, PHP- and .NET-escaped; a Location and a cookie Go-escaped and percent-encoded twice;
 * and bodies that place the token across the cuts of the records (64 KiB, and 256 characters
 * once the run's allowance is spent). It also skips auth on listPets, so the run fails.
 */
const echoing = findFault('auth-ignored-on-list');

describe('the key never leaks through escapes or cuts (hostile targets, round two)', async () => {
  const server = await startFault(
    {
      name: 'echo-escaped',
      description: 'Echoes the presented token escaped and across record cuts.',
      wrap: (app, ctx) => async (req) => {
        const res = await echoing.wrap(app, ctx)(req);
        const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const headers = {
          ...res.headers,
          location: `/v1/pets?next=${goPathEscape(token)}`,
          'set-cookie': `t=${encodeURIComponent(encodeURIComponent(token))}`,
        };
        if (res.status !== 401) return { ...res, headers };
        answered++;
        const echo = `{"error":"bad token \\"${php(token)}\\" (${dotnet(token)})"}`;
        const pad = answered % 2 ? 64 * 1024 - 12 : 250;
        return {
          status: 401,
          headers: { ...headers, 'content-type': 'application/json' },
          raw: answered % 3 ? echo : `${' '.repeat(pad)}${echo}`,
        };
      },
    },
    KEY,
  );
  afterAll(() => server.close());

  it('no run of 10 characters of the key, or of a token near it, in any output, however escaped', async () => {
    // A whole ci run against a server in this worker: on a loaded machine (a clean clone's
    // .ci/run, 27 November) it passed vitest's 60 s; it waits as long as the run may take.
    const result = await runCli(['run', '--base-url', server.baseUrl, '--profile', 'ci'], {
      env: { PETSTORE_API_KEY: KEY },
      timeoutMs: 200_000,
    });
    expect(result.code).toBe(1);
    expect(answered).toBeGreaterThan(50);
    expectNoKey(result, KEY);
    // The evidence is there, the secret is not.
    const har = readArtifacts(result)['exchanges.har'] ?? '';
    expect(har).toContain('[REDACTED]');
    expect(har).toContain('bad token');
  }, 240_000);
});
