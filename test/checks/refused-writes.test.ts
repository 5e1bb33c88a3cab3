import { describe, expect, it } from 'vitest';
import { refusedMark, refusedName } from '../../src/arbitraries/pet-name.ts';
import {
  RefusedWritesTally,
  RUN_400_NO_EFFECT,
  RUN_401_NO_EFFECT,
} from '../../src/checks/refused-writes.ts';
import { classifyRequest } from '../../src/checks/request-class.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const KEY = 'refused-key';
const ctx = { apiKey: KEY, basePath: '/v1' };
const RUN = 'run1';
const marked = (label: string) => refusedName(RUN, label);

function sent(
  method: string,
  path: string,
  auth: string | null,
  answer: Parameters<typeof exchange>[0],
  body?: unknown,
): Exchange {
  const ex = exchange(answer, method, `http://h/v1${path}`);
  ex.request.headers = {
    accept: 'application/json',
    ...(auth === null ? {} : { authorization: auth }),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  if (body !== undefined) ex.request.body = JSON.stringify(body);
  return ex;
}

const create = (auth: string | null, status: number, body: unknown) =>
  sent('POST', '/pets', auth, { status, json: errorBody(status) }, body);
const page = (...names: string[]) =>
  sent('GET', '/pets?limit=100', `Bearer ${KEY}`, {
    status: 200,
    json: names.map((name, i) => ({ id: i + 1, name, categoryId: 1 })),
  });

function tally(...exchanges: Exchange[]) {
  const t = new RefusedWritesTally(refusedMark(RUN));
  for (const ex of exchanges) {
    const c = classifyRequest(ex.request, ctx);
    if (c) t.note(ex, c);
  }
  return t.observation();
}

describe('RUN-401-NO-EFFECT and RUN-400-NO-EFFECT: a refused createPet created nothing', () => {
  it('marks refused names apart from every name a served createPet carries', () => {
    expect(marked('x').startsWith(`pc-${RUN}-`)).toBe(false);
    expect(marked('x').startsWith(refusedMark(RUN))).toBe(true);
  });

  it('fails a pet listed with the name of a createPet refused with 401, saying why it was refused', () => {
    const obs = tally(
      create(null, 401, { name: marked('no-key'), categoryId: 1 }),
      create('Bearer wrong', 401, { name: marked('wrong'), categoryId: 1 }),
      page('Rex', marked('no-key')),
    );
    const judged = RUN_401_NO_EFFECT.judge(obs);
    expect(judged.verdict).toBe('fail');
    expect(judged.message).toContain('a createPet refused with 401 (no key) created a pet: pet 2');
    expect(judged.evidence).toHaveLength(2);
    expect(RUN_400_NO_EFFECT.judge(obs)).toMatchObject({ verdict: 'skip', code: 'precondition' });
  });

  it('fails a pet listed with the name of a createPet refused with 400, in any member spelling', () => {
    const obs = tally(
      create(`Bearer ${KEY}`, 400, { name: marked('string'), categoryId: '1' }),
      create(`Bearer ${KEY}`, 400, { Name: marked('spelled'), categoryId: 1 }),
      page(marked('spelled')),
    );
    const judged = RUN_400_NO_EFFECT.judge(obs);
    expect(judged.verdict).toBe('fail');
    expect(judged.message).toContain('refused with 400 (an invalid body)');
  });

  it('passes when no marked name shows, and never judges a name a servable request carried', () => {
    const obs = tally(
      create(null, 401, { name: marked('a'), categoryId: 1 }),
      // The key in a form RFC 9110 may count as the same: the server may serve it.
      create(`bearer ${KEY}`, 201, { name: marked('b'), categoryId: 1 }),
      create(null, 401, { name: marked('b'), categoryId: 1 }),
      page('Rex', marked('b')),
    );
    expect(RUN_401_NO_EFFECT.judge(obs)).toMatchObject({ verdict: 'pass' });
    expect(obs.refused[401]).toBe(2);
  });

  it('a refused request answered 2xx is not counted refused (EVERY-ANSWER judges that answer)', () => {
    const served = sent(
      'POST',
      '/pets',
      null,
      { status: 201, json: { id: 1, name: marked('c'), categoryId: 1 } },
      { name: marked('c'), categoryId: 1 },
    );
    const obs = tally(served, page(marked('c')));
    expect(obs.stored).toEqual([]);
  });
});
