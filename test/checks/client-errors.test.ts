import { describe, expect, it } from 'vitest';
import { clauseCoverage } from '../../src/checks/coverage.ts';
import { CREATE_EXTRA_FIELDS } from '../../src/checks/create-pet.ts';
import { ROBUST_CREATE_ANY_JSON, ROBUST_LIST_ANY_QUERY } from '../../src/checks/robustness.ts';
import { fail, judgesClause, pass } from '../../src/checks/types.ts';
import { UNSOLICITED } from '../../src/http/client.ts';
import { checkEach } from '../../src/language/property.ts';
import { runVerdict } from '../../src/report/model.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const sent = { name: 'pc-x-extra', categoryId: 1, nickname: 'Rexie' };
const answered = (status: number, json: unknown) => exchange({ status, json }, 'POST');

// Where the contract is silent, every 4xx with an Error body is treated alike: 400 no better
// than 422, 409 or 415; a 4xx without an Error body fails, whichever it is.
describe('4xx answers where the contract names none', () => {
  it('CREATE-EXTRA-FIELDS warns on any 4xx Error refusing unknown fields, 422 as 400', () => {
    for (const status of [400, 409, 415, 422]) {
      const judgement = CREATE_EXTRA_FIELDS.judge({
        sent,
        ex: answered(status, errorBody(status)),
      });
      expect(judgement.verdict, String(status)).toBe('warn');
      expect(judgement.message).toContain(`rejected unknown fields with ${status}`);
    }
  });

  it('CREATE-EXTRA-FIELDS fails a 4xx that is not an Error, 422 as 400', () => {
    for (const status of [400, 422]) {
      const judgement = CREATE_EXTRA_FIELDS.judge({ sent, ex: answered(status, { oops: 1 }) });
      expect(judgement.verdict, String(status)).toBe('fail');
    }
    const mismatch = CREATE_EXTRA_FIELDS.judge({ sent, ex: answered(422, errorBody(400)) });
    expect(mismatch.verdict).toBe('fail');
  });

  it('CREATE-EXTRA-FIELDS still passes a 201 echoing the known fields', () => {
    const ex = answered(201, { id: 1, name: sent.name, categoryId: 1 });
    expect(CREATE_EXTRA_FIELDS.judge({ sent, ex }).verdict).toBe('pass');
  });

  it('the robustness checks fail a 4xx without an Error body, 422 as 400, and warn on a 422 Error', () => {
    for (const check of [ROBUST_CREATE_ANY_JSON, ROBUST_LIST_ANY_QUERY]) {
      for (const status of [400, 422]) {
        const judgement = check.judge({ input: 'x', ex: answered(status, { oops: 1 }) });
        expect(judgement.verdict, `${check.id} ${status}`).toBe('fail');
      }
      const judgement = check.judge({ input: 'x', ex: answered(422, errorBody(422)) });
      expect(judgement.verdict, check.id).toBe('warn');
    }
  });
});

// A 413 or 429 Error is a limit the contract leaves open: it warns, and judges nothing.
describe('413 and 429 Errors where a check would judge', () => {
  it('leave the clause unjudged; another 4xx Error warns and judges', () => {
    for (const status of [413, 429]) {
      const judgement = CREATE_EXTRA_FIELDS.judge({
        sent,
        ex: answered(status, errorBody(status)),
      });
      // A rate limit that stayed after the waits: the run cannot say conformant (rate-limited).
      const code = status === 429 ? 'rate-limited' : 'open-limit';
      expect(judgement).toMatchObject({ verdict: 'unjudged', code });
      expect(judgement.message).toContain('which the contract leaves open (not judged)');
      expect(judgesClause(judgement)).toBe(false);
    }
    const other = CREATE_EXTRA_FIELDS.judge({ sent, ex: answered(422, errorBody(422)) });
    expect(other.verdict).toBe('warn');
    expect(judgesClause(other)).toBe(true);
    expect(judgesClause(fail('wrong status', [answered(500, errorBody(500))]))).toBe(true);
    expect(fail('wrong status', [answered(429, errorBody(429))])).toMatchObject({
      verdict: 'unjudged',
      code: 'rate-limited',
    });
  });

  it('a 403 with the key is a refusal left open; without it, a failure; an answer the client could not read judges nothing', () => {
    const keyed = { ...answered(403, errorBody(403)) };
    keyed.request = { ...keyed.request, keyed: true };
    expect(fail('expected 201', [keyed])).toMatchObject({
      verdict: 'unjudged',
      code: 'open-limit',
    });
    expect(fail('expected 401', [answered(403, errorBody(403))]).verdict).toBe('fail');
    const unread = exchange({ error: 'interim 100', code: UNSOLICITED });
    expect(fail('no answer', [unread])).toMatchObject({ verdict: 'unjudged', code: 'unsolicited' });
  });

  it('a run whose MUST checks went unread (interim 1xx) is inconclusive, not conformant', () => {
    const passed = { level: 'MUST' as const, verdict: 'pass' as const };
    const unread = { level: 'MUST' as const, verdict: 'unjudged' as const, code: 'unsolicited' };
    expect(runVerdict([passed, unread], [])).toBe('inconclusive');
    expect(runVerdict([passed, { ...unread, code: 'open-limit' }], [])).toBe('conformant');
    // A rate limit that kept refusing what a MUST clause needed may hide a fault behind it.
    expect(runVerdict([passed, { ...unread, code: 'rate-limited' }], [])).toBe('inconclusive');
  });

  it('a check whose every input met the limit judged nothing; one input judged is enough', async () => {
    const limited = (ex: ReturnType<typeof answered>) => fail('expected 400', [ex]);
    const allLimited = await checkEach(
      [1, 2],
      async () => limited(answered(429, errorBody(429))),
      'ok',
    );
    expect(allLimited).toMatchObject({ verdict: 'unjudged', code: 'rate-limited' });
    const oneJudged = await checkEach(
      [1, 2],
      async (i) => (i === 1 ? pass('400 Error') : limited(answered(429, errorBody(429)))),
      'ok',
    );
    expect(oneJudged.verdict).toBe('warn');
  });

  it('coverage counts a clause judged only through a check that judged it', () => {
    const clause = CREATE_EXTRA_FIELDS.clause;
    const limitedOnly = clauseCoverage([{ clause, verdict: 'unjudged' }]);
    expect(limitedOnly.notJudged).toContain(clause.id);
    const judgedToo = clauseCoverage([
      { clause, verdict: 'unjudged' },
      { clause, verdict: 'pass' },
    ]);
    expect(judgedToo.notJudged).not.toContain(clause.id);
    expect(runVerdict([{ level: 'MUST', verdict: 'unjudged' }], [])).toBe('inconclusive');
  });
});
