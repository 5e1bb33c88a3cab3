import { describe, expect, it } from 'vitest';
import { HarnessError } from '../../src/base/errors.ts';
import { preflightAll } from '../../src/engine/preflight.ts';
import type { HttpClient, SendOptions } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const URL = 'http://target.test/v1';

/** A client answering the keyed request and the keyless one as scripted, noting what was sent. */
function scripted(keyed: Exchange, keyless: Exchange) {
  const sent: SendOptions[] = [];
  const client: HttpClient = {
    send: async (options) => {
      sent.push(options);
      return options.auth === 'none' ? keyless : keyed;
    },
    close: async () => {},
  };
  return { client, sent };
}

const timedOut = exchange({ error: 'no answer within 5 ms', code: 'TIMEOUT' });
const began: Exchange = {
  ...exchange({ error: 'no complete answer within 5 ms', code: 'TIMEOUT' }),
};
if (began.error) began.error.afterAnswerBegan = true;
const refused = exchange({ error: 'connect ECONNREFUSED', code: 'ECONNREFUSED' });
const unauthorized = exchange({ status: 401, json: errorBody(401) });

describe('preflight: a target that answers is judged, one that answers nothing is exit 2', () => {
  it('goes on when the answer began (status line and headers) and then hung', async () => {
    const { client, sent } = scripted(began, timedOut);
    const { ex, others } = await preflightAll(client, URL);
    expect(ex).toBe(began);
    expect(others).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('goes on when no answer began but the same request without the key is answered', async () => {
    const { client, sent } = scripted(timedOut, unauthorized);
    const { ex, others } = await preflightAll(client, URL);
    expect(ex).toBe(timedOut);
    expect(others).toEqual([unauthorized]);
    expect(sent.map((o) => o.auth)).toEqual([undefined, 'none']);
  });

  it('is exit 2, "cannot reach", when neither is answered', async () => {
    const { client, sent } = scripted(timedOut, timedOut);
    const failure = await preflightAll(client, URL).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HarnessError);
    expect((failure as HarnessError).message).toBe(`cannot reach ${URL}: no answer within 5 ms`);
    expect(sent).toHaveLength(2);
  });

  it('sends nothing more when the connection itself failed (refused, DNS, TLS)', async () => {
    const { client, sent } = scripted(refused, unauthorized);
    await expect(preflightAll(client, URL)).rejects.toThrow(`cannot reach ${URL}`);
    expect(sent).toHaveLength(1);
  });

  it('waits out a 503 or 429 with a Retry-After (a service warming up), and keeps what it waited out', async () => {
    const asks = (status: number) =>
      exchange({ status, json: errorBody(status), headers: { 'retry-after': '0' } });
    const answers = [asks(503), asks(429), exchange({ status: 200, json: [] })];
    const sent: SendOptions[] = [];
    const client: HttpClient = {
      send: async (options) => {
        sent.push(options);
        return answers[sent.length - 1] as Exchange;
      },
      close: async () => {},
    };
    const { ex, waitedOut } = await preflightAll(client, URL);
    expect(ex.response?.status).toBe(200);
    expect(waitedOut.map((w) => w.response?.status)).toEqual([503, 429]);
    expect(sent).toHaveLength(3);
  });

  it('does not wait out a 503 without a Retry-After: that 503 is the answer judged', async () => {
    const { client, sent } = scripted(exchange({ status: 503, json: errorBody(503) }), timedOut);
    const { ex, waitedOut } = await preflightAll(client, URL);
    expect(ex.response?.status).toBe(503);
    expect(waitedOut).toEqual([]);
    expect(sent).toHaveLength(1);
  });
});
