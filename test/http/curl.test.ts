import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_STATES, nearKeys } from '../../src/checks/auth-table.ts';
import { API_KEY_ENV, toCurl } from '../../src/http/curl.ts';
import { REDACTED, redactExchange } from '../../src/http/redaction.ts';
import { redactorFor } from '../../src/runner/redactor.ts';

describe('curl lines', () => {
  it('read the key from $PETSTORE_API_KEY and quote bodies for the shell', () => {
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:1/v1/pets',
      headers: { authorization: `Bearer ${REDACTED}`, 'content-type': 'application/json' },
      body: `{"name":"O'Brien $HOME"}`,
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/v1/pets' -H "authorization: Bearer \${PETSTORE_API_KEY}" -H 'content-type: application/json' --data-raw '{"name":"O'\\''Brien $HOME"}'`,
    );
  });

  it('keep a deliberately wrong credential as it was sent', () => {
    const line = toCurl({
      method: 'GET',
      url: 'http://h/v1/pets',
      headers: { authorization: 'Bearer nope' },
    });
    expect(line).toContain(`-H 'authorization: Bearer nope'`);
  });
});

/** The arguments a curl line passes, as `sh` expands them with the key in the environment. */
function argsOf(line: string, key: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${line}\n`;
  const out = execFileSync('sh', ['-c', script], {
    env: { PATH: process.env.PATH, [API_KEY_ENV]: key },
  });
  return out.toString('utf8').split('\0').slice(0, -1);
}

// Every wrong credential of the auth table, sent and then reproduced from its record: the curl
// line must send the very token that was sent, rebuilt from $PETSTORE_API_KEY, never hold it.
describe('curl lines of every credential state', () => {
  const keys = ['Live-Key_0123456789abcXYZ', 'k3y.with.Dots-AND-caps-99'];
  for (const key of keys) {
    const redact = redactorFor(key);
    const sent = CREDENTIAL_STATES.flatMap((state) =>
      state.variants(key).map((variant) => ({ state: state.id, ...variant })),
    );
    it.each(sent.map((s) => [`${s.state}: ${s.label}`, s] as const))(
      `${key}: %s`,
      (_name, variant) => {
        const query = variant.query ? `?${new URLSearchParams(variant.query)}` : '';
        const headers: Record<string, string> = { accept: 'application/json', ...variant.headers };
        if (typeof variant.auth === 'object') headers.authorization = variant.auth.authorization;
        const request = { method: 'GET', url: `http://127.0.0.1:1/v1/pets${query}`, headers };
        const line = toCurl(
          redactExchange({ seq: 1, startedAt: '', durationMs: 0, request }, redact).request,
        );
        for (const token of [key, ...nearKeys(key).map((n) => n.token)]) {
          expect(line.includes(token), `the line holds ${token}`).toBe(false);
        }
        const args = argsOf(line, key);
        expect(args[args.indexOf('-X') + 2]).toBe(request.url);
        const sentHeaders = args.filter((_, i) => args[i - 1] === '-H');
        expect(sentHeaders).toEqual(Object.entries(headers).map(([k, v]) => `${k}: ${v}`));
      },
    );
  }

  it('show a case-changed token of a key beyond ASCII as a marker, not as the key', () => {
    const key = 'clé-secrète-0123456789';
    const upper = redactExchange(
      {
        seq: 1,
        startedAt: '',
        durationMs: 0,
        request: {
          method: 'GET',
          url: 'http://h/v1/pets',
          headers: { authorization: `Bearer ${key.toUpperCase()}` },
        },
      },
      redactorFor(key),
    );
    expect(upper.request.headers.authorization).toBe('Bearer [REDACTED:variant]');
    expect(toCurl(upper.request)).toContain('Bearer [REDACTED:variant]');
  });
});
