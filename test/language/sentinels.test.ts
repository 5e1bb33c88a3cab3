import { describe, expect, it } from 'vitest';
import type { HarnessContext } from '../../src/bridge/context.ts';
import { RUN_SENTINELS, SENTINEL_KINDS } from '../../src/checks/sentinels.ts';
import type { SendOptions } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { SENTINEL_EVERY, Sentinels } from '../../src/language/sentinels.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const ctx = (over: Partial<HarnessContext> = {}): HarnessContext =>
  ({
    baseUrl: 'http://h/v1',
    apiKey: 'sentinel-key',
    runId: 'run1',
    writes: true,
    today: '2026-01-01',
    limits: {},
    ...over,
  }) as HarnessContext;

/** A target that answers as `answer` says, and keeps what was sent. */
function fakeSend(answer: (o: SendOptions) => Exchange) {
  const sent: SendOptions[] = [];
  const send = async (o: SendOptions) => {
    sent.push(o);
    const ex = answer(o);
    const auth: Record<string, string> =
      o.auth === 'none'
        ? {}
        : {
            authorization:
              o.auth === undefined || o.auth === 'key'
                ? 'Bearer sentinel-key'
                : o.auth.authorization,
          };
    const query =
      o.query && typeof o.query === 'object'
        ? `?${new URLSearchParams(o.query as Record<string, string>)}`
        : '';
    ex.request = {
      method: o.method,
      url: `http://h/v1${o.path}${query}`,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'identity',
        ...auth,
        ...(o.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(o.json === undefined ? {} : { body: JSON.stringify(o.json) }),
    };
    return ex;
  };
  return { sent, send };
}

const conformant = (o: SendOptions) => {
  if (o.auth !== undefined && o.auth !== 'key')
    return exchange({ status: 401, json: errorBody(401) });
  if (o.method === 'POST') return exchange({ status: 400, json: errorBody(400) });
  if (o.path !== '/pets') return exchange({ status: 400, json: errorBody(400) });
  const limit = (o.query as { limit?: number } | undefined)?.limit;
  return limit === 0
    ? exchange({ status: 400, json: errorBody(400) })
    : exchange({ status: 200, json: [] });
};

describe('sentinel probes spread over the run', () => {
  it(`sends one probe every ${SENTINEL_EVERY} requests, cycling through every kind`, async () => {
    const sentinels = new Sentinels(ctx());
    const { sent, send } = fakeSend(conformant);
    for (let i = 0; i < SENTINEL_EVERY * 7; i++) sentinels.tick(send);
    expect(sent).toHaveLength(7);
    // The final round: each kind once, and the invalid body of every class.
    sentinels.finalRound(send);
    const invalid = SENTINEL_KINDS.find((k) => k.id === 'create-invalid')?.finalTurns ?? 0;
    expect(invalid).toBeGreaterThan(10);
    expect(sent).toHaveLength(7 + 6 + invalid);
    const invalidBodies = sent.filter((o) => o.method === 'POST' && o.auth === undefined);
    const bodies = invalidBodies.map((o) => o.rawBody ?? JSON.stringify(o.json));
    // One probe of them came before the final round; then each class once.
    expect(new Set(bodies).size).toBe(invalid);
    const obs = await sentinels.observation();
    expect(new Set(obs.probes.map((p) => p.kind)).size).toBe(7);
    expect(obs.probes.map((p) => p.at).slice(0, 3)).toEqual([50, 100, 150]);
    expect(RUN_SENTINELS.judge(obs).verdict).toBe('pass');
  });

  it('sends no POST in a read-only run, and nothing under a request budget', () => {
    const readOnly = new Sentinels(ctx({ writes: false }));
    const { sent, send } = fakeSend(conformant);
    readOnly.finalRound(send);
    expect(sent.every((o) => o.method === 'GET')).toBe(true);
    const budgeted = new Sentinels(ctx({ limits: { maxRequests: 200 } }));
    budgeted.finalRound(send);
    for (let i = 0; i < 200; i++) budgeted.tick(send);
    expect(sent.length).toBe(5);
  });

  it('fails on a probe that a server degraded after N requests answers wrongly, saying when', async () => {
    const sentinels = new Sentinels(ctx());
    let served = 0;
    const { send } = fakeSend((o) =>
      ++served > 3 && o.auth === 'none' ? exchange({ status: 200, json: [] }) : conformant(o),
    );
    for (let i = 0; i < SENTINEL_EVERY * 14; i++) sentinels.tick(send);
    const judgement = RUN_SENTINELS.judge(await sentinels.observation());
    expect(judgement.verdict).toBe('fail');
    expect(judgement.message).toContain('sentinel list-no-key after 400 requests');
    expect(judgement.message).toContain('served without the right key');
  });
});
