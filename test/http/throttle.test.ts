import { describe, expect, it } from 'vitest';
import type { HttpClient, SendOptions } from '../../src/http/client.ts';
import { BUDGET_SPENT, retryAfterMs, throttle } from '../../src/http/throttle.ts';
import { exchange } from '../support/exchanges.ts';

/** A client whose answers are scripted by status, and which notes when each request left. */
function scripted(statuses: number[], headers: Record<string, string> = {}) {
  const sentAt: number[] = [];
  const client: HttpClient = {
    send: async (_o: SendOptions) => {
      sentAt.push(Date.now());
      return exchange({ status: statuses.shift() ?? 200, json: [], headers });
    },
    close: async () => {},
  };
  return { client, sentAt };
}
const GET: SendOptions = { method: 'GET', path: '/pets' };

describe('throttle', () => {
  it('answers with a budget-spent exchange once the budget is used up', async () => {
    const { client, sentAt } = scripted([]);
    const limited = throttle(client, { maxRequests: 2 }, { sent: 0, nextSlot: 0 });
    await limited.send(GET);
    await limited.send(GET);
    const third = await limited.send(GET);
    expect(sentAt).toHaveLength(2);
    expect(third.error?.code).toBe(BUDGET_SPENT);
  });

  it('spaces requests to the rate', async () => {
    const { client, sentAt } = scripted([]);
    const limited = throttle(client, { ratePerSecond: 20 }, { sent: 0, nextSlot: 0 });
    for (let i = 0; i < 5; i++) await limited.send(GET);
    expect((sentAt[4] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it('waits out a 429 with Retry-After and sends again, within the budget', async () => {
    const { client, sentAt } = scripted([429, 200], { 'retry-after': '0' });
    const ex = await throttle(client, { maxRequests: 5 }, { sent: 0, nextSlot: 0 }).send(GET);
    expect(ex.response?.status).toBe(200);
    expect(sentAt).toHaveLength(2);
    const tight = scripted([429, 200], { 'retry-after': '0' });
    const spent = await throttle(tight.client, { maxRequests: 1 }, { sent: 0, nextSlot: 0 }).send(
      GET,
    );
    expect(spent.response?.status).toBe(429);
    const tooLong = scripted([429, 200], { 'retry-after': '3600' });
    expect(
      (await throttle(tooLong.client, {}, { sent: 0, nextSlot: 0 }).send(GET)).response?.status,
    ).toBe(429);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 00:00:02 GMT', now)).toBe(2000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
