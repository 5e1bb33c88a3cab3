import { describe, expect, it } from 'vitest';
import { keyRevealedProblem } from '../../src/checks/key-revealed.ts';
import type { Exchange } from '../../src/http/exchange.ts';

const KEY = 'k3y/with+odd=chars-0123456789';

function exchange(requestHeaders: Record<string, string>, body: string, url = 'http://h/v1/pets') {
  const ex: Exchange = {
    seq: 1,
    startedAt: '',
    durationMs: 1,
    request: { method: 'GET', url, headers: requestHeaders },
    response: { status: 401, headers: { 'content-type': 'application/json' }, body },
  };
  return ex;
}

describe('an answer that carries the API key', () => {
  it('fails when the request did not carry it: the 401 names the key it expected', () => {
    const ex = exchange({ authorization: 'Bearer wrong' }, `{"message":"expected '${KEY}'"}`);
    expect(keyRevealedProblem(ex, KEY)?.code).toBe('key-revealed');
  });

  it('finds it JSON-escaped and percent-encoded too', () => {
    const escaped = JSON.stringify(KEY).replaceAll('/', '\\/');
    expect(keyRevealedProblem(exchange({}, `{"k":${escaped}}`), KEY)).toBeDefined();
    const link = { ...exchange({}, '{}') };
    if (link.response) link.response.headers.link = `</v1/pets?k=${encodeURIComponent(KEY)}>`;
    expect(keyRevealedProblem(link, KEY)).toBeDefined();
  });

  it('passes an echo of what the request carried, in any form', () => {
    const echoed = `{"message":"bad token ${KEY}"}`;
    expect(keyRevealedProblem(exchange({ authorization: `Token ${KEY}` }, echoed), KEY)).toBe(
      undefined,
    );
    const basic = `Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`;
    expect(keyRevealedProblem(exchange({ authorization: basic }, echoed), KEY)).toBe(undefined);
    const query = `http://h/v1/pets?api_key=${encodeURIComponent(KEY)}`;
    expect(keyRevealedProblem(exchange({}, echoed, query), KEY)).toBe(undefined);
  });

  it('passes an answer without it', () => {
    expect(keyRevealedProblem(exchange({}, '{"code":"unauthorized"}'), KEY)).toBe(undefined);
  });
});
