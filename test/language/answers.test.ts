import { describe, expect, it } from 'vitest';
import { EVERY_ANSWER } from '../../src/checks/every-answer.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { AnswerLedger, waitedOutAnswers } from '../../src/language/answers.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const KEY = 'answers-ledger-key';
const ledger = () =>
  new AnswerLedger({ apiKey: KEY, basePath: '/v1', getPetRemoved: false }, 'pc-test~refused-');

/** listPets with the key, answered as given. */
function list(answer: Parameters<typeof exchange>[0]): Exchange {
  const ex = exchange(answer, 'GET', 'http://h/v1/pets?limit=5');
  ex.request.headers = { accept: 'application/json', authorization: `Bearer ${KEY}` };
  return ex;
}
const PAGE = { status: 200, json: [] };
const requestsCovered = (l: AnswerLedger) =>
  l.space.table().reduce((sum, cell) => sum + cell.requests, 0);

describe('AnswerLedger: the answers the throttle waited out are judged too', () => {
  it('fails EVERY-ANSWER for a waited-out 429 with no body or an HTML body', () => {
    for (const answer of [
      { status: 429, body: '', contentType: null, headers: { 'retry-after': '1' } },
      { status: 429, body: '<html>Slow down</html>', contentType: 'text/html' },
    ]) {
      const l = ledger();
      waitedOutAnswers(l)(list(answer));
      l.note(list(PAGE));
      const judged = EVERY_ANSWER.judge(l.observation());
      expect(judged.verdict).toBe('fail');
      expect(`${judged.message}`).toMatch(/429/);
      expect(`${judged.message}`).toMatch(/waited out and sent again/);
      expect(judged.evidence?.[0]?.response?.status).toBe(429);
      expect(l.observation()).toMatchObject({ judged: 2, offences: 1 });
    }
  });

  it('keeps a waited-out 429 with an Error body a limit the contract leaves open', () => {
    const l = ledger();
    waitedOutAnswers(l)(list({ status: 429, json: errorBody(429) }));
    l.note(list(PAGE));
    expect(l.observation()).toMatchObject({ judged: 2, limited: 1, offences: 0 });
    expect(EVERY_ANSWER.judge(l.observation()).verdict).toBe('pass');
  });

  it('keeps a waited-out 503 with Retry-After and an Error body (shedding load) a limit, but not one left as the answer', () => {
    const shed = { status: 503, json: errorBody(503), headers: { 'retry-after': '1' } };
    const l = ledger();
    waitedOutAnswers(l)(list(shed));
    l.note(list(PAGE));
    expect(l.observation()).toMatchObject({ judged: 2, limited: 1, offences: 0 });
    expect(EVERY_ANSWER.judge(l.observation()).verdict).toBe('pass');
    // The same 503 as the request's answer, or waited out without a Retry-After: a 5xx.
    for (const note of [
      (x: AnswerLedger) => x.note(list(shed)),
      (x: AnswerLedger) => waitedOutAnswers(x)(list({ status: 503, json: errorBody(503) })),
    ]) {
      const failed = ledger();
      note(failed);
      expect(EVERY_ANSWER.judge(failed.observation()).verdict).toBe('fail');
    }
  });

  it('counts a request sent again once in the request space: by the answer it ended with', () => {
    const once = ledger();
    once.note(list(PAGE));
    const retried = ledger();
    waitedOutAnswers(retried)(list({ status: 429, json: errorBody(429) }));
    retried.note(list(PAGE));
    expect(requestsCovered(retried)).toBe(requestsCovered(once));
  });
});

describe('AnswerLedger: a 413 no body size limit explains', () => {
  /** createPet with the key, the body padded to `bytes`, answered as given. */
  function create(bytes: number, answer: Parameters<typeof exchange>[0]): Exchange {
    const head = '{"name":"Rex","categoryId":1';
    const ex = exchange(answer, 'POST', 'http://h/v1/pets');
    ex.request.headers = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` };
    ex.request.body = `${head}${' '.repeat(Math.max(0, bytes - head.length - 1))}}`;
    return ex;
  }
  const taken = { status: 201, json: { id: 1, name: 'Rex', categoryId: 1 } };
  const tooLarge = { status: 413, json: errorBody(413) };

  it('fails EVERY-ANSWER for a 413 to a body half the size of one a 201 took, whichever came first', () => {
    const l = ledger();
    l.note(create(300, tooLarge));
    l.note(create(50_000, taken));
    const judged = EVERY_ANSWER.judge(l.observation());
    expect(judged.verdict).toBe('fail');
    expect(judged.code).toBe('not-a-size-limit');
    expect(judged.evidence?.map((ex) => ex.response?.status)).toEqual([413, 201]);
  });

  it('keeps a 413 to a body larger than every one taken a body size limit', () => {
    const l = ledger();
    l.note(create(50_000, taken));
    l.note(create(80_000, tooLarge));
    expect(EVERY_ANSWER.judge(l.observation()).verdict).toBe('pass');
  });
});

describe('AnswerLedger: a pet found where getPet found none, and no createPet put one', () => {
  const get = (id: string, answer: Parameters<typeof exchange>[0]) => {
    const ex = exchange(answer, 'GET', `http://h/v1/pets/${id}`);
    ex.request.headers = { accept: 'application/json', authorization: `Bearer ${KEY}` };
    return ex;
  };
  const pet = (id: string) => ({ status: 200, body: `{"id":${id},"name":"x","categoryId":0}` });
  const MAX = '9223372036854775807';
  const MIN = '-9223372036854775808';

  it('fails EVERY-ANSWER when two ids answered 404 later show a pet, with the 404 in the evidence', () => {
    const l = ledger();
    for (const id of [MAX, MIN]) l.note(get(id, { status: 404, json: errorBody(404) }));
    l.note(get(MAX, pet(MAX)));
    expect(EVERY_ANSWER.judge(l.observation()).verdict).toBe('pass');
    l.note(get(MIN, pet(MIN)));
    const judged = EVERY_ANSWER.judge(l.observation());
    expect(judged.verdict).toBe('fail');
    expect(`${judged.message}`).toMatch(/reading a missing pet made one/);
    expect(judged.evidence?.map((e) => e.response?.status)).toEqual([404, 200]);
  });

  it('passes ids the run read as missing that another client then took, and pets a createPet answered', () => {
    const l = ledger();
    // The next ids, read before a create (READ-BEFORE-AFTER), then taken by another client.
    for (const id of ['5', '6']) l.note(get(id, { status: 404, json: errorBody(404) }));
    for (const id of ['5', '6']) l.note(get(id, pet(id)));
    expect(EVERY_ANSWER.judge(l.observation()).verdict).toBe('pass');
    for (const id of [MAX, MIN]) l.note(get(id, { status: 404, json: errorBody(404) }));
    for (const id of [MAX, MIN]) {
      const created = exchange(pet(id), 'POST', 'http://h/v1/pets');
      created.response = { ...created.response, status: 201 } as never;
      created.request.headers = {
        accept: 'application/json',
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
      };
      created.request.body = '{"name":"x","categoryId":0}';
      l.note(created);
      l.note(get(id, pet(id)));
    }
    expect(EVERY_ANSWER.judge(l.observation()).verdict).toBe('pass');
  });
});
