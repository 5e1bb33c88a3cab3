import { describe, expect, it } from 'vitest';
import { toCurl } from '../../src/http/curl.ts';
import { REDACTED } from '../../src/http/redaction.ts';

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
