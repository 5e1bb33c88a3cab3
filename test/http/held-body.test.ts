import { describe, expect, it } from 'vitest';
import { EVERY_ANSWER } from '../../src/checks/every-answer.ts';
import type { HttpClient } from '../../src/http/client.ts';
import {
  type Exchange,
  HELD_BODY_CHARS,
  heldForJudging,
  type RecordedResponse,
} from '../../src/http/exchange.ts';
import { heldExchange, holdingForJudging } from '../../src/http/held.ts';
import { compose } from '../../src/http/interceptor.ts';
import { AnswerLedger, judgingAnswers } from '../../src/language/answers.ts';
import { exchange } from '../support/exchanges.ts';

const answer = (body: string, json?: unknown): RecordedResponse => ({
  status: 200,
  headers: {},
  body,
  ...(json === undefined ? {} : { json }),
});

describe('what an answer holds while the checks judge it', () => {
  it('a parsed body longer than records keep: its start, its length, its parse whole', () => {
    const pets = [{ id: 1, name: 'x'.repeat(300_000) }];
    const body = `${JSON.stringify(pets)}${' '.repeat(3_000_000)}`;
    const held = heldForJudging(answer(body, pets));
    // Cut as records cut: by the length of its JSON-escaped form (a quote counts two).
    expect(body.startsWith(held.body)).toBe(true);
    expect(held.body.length).toBeLessThanOrEqual(HELD_BODY_CHARS);
    expect(held.body.length).toBeGreaterThan(HELD_BODY_CHARS - 100);
    expect(held.bodyLength).toBe(body.length);
    expect(held.json).toBe(pets);
  });

  it('a body that did not parse is held cut the same way; a short one as it is', () => {
    const broken = `[${'\u0001'.repeat(200_000)}`;
    const held = heldForJudging(answer(broken));
    expect(broken.startsWith(held.body)).toBe(true);
    // Each control character costs six once escaped, as records write it.
    expect(held.body.length).toBe(Math.floor((HELD_BODY_CHARS - 1) / 6) + 1);
    expect(held.bodyLength).toBe(broken.length);
    const short = answer('[]', []);
    expect(heldForJudging(short)).toBe(short);
  });
});

describe('holdingForJudging, just above the judge of every answer', () => {
  const KEY = 'held-body-key-0123456789';
  const keyAtTheEnd = (): Exchange => {
    const ex = exchange({
      status: 401,
      body: `${'denied '.repeat(50_000)}${KEY}`,
      contentType: 'text/plain',
    });
    ex.request.headers = { accept: 'application/json' };
    return ex;
  };

  it('the judge reads the whole answer; the check gets it cut', async () => {
    const ledger = new AnswerLedger(
      { apiKey: KEY, basePath: '/v1', getPetRemoved: false },
      'pc-t-',
    );
    const client: HttpClient = { send: async () => keyAtTheEnd(), close: async () => {} };
    const held = await compose(client, judgingAnswers(ledger), holdingForJudging).send({
      method: 'GET',
      path: '/pets',
    });
    expect(held.response?.body.length).toBeLessThanOrEqual(HELD_BODY_CHARS);
    expect(held.response?.bodyLength).toBe(keyAtTheEnd().response?.body.length);
    const judged = EVERY_ANSWER.judge(ledger.observation());
    expect(judged.verdict).toBe('fail');
    expect(`${judged.message}`).toContain('carries the API key');
  });

  it('a client that holds answers itself cuts them the same way', () => {
    const ex = keyAtTheEnd();
    expect(heldExchange(ex).response?.body).toBe(
      heldForJudging(ex.response as RecordedResponse).body,
    );
    const short = exchange({ status: 200, json: [] });
    expect(heldExchange(short)).toBe(short);
  });
});
