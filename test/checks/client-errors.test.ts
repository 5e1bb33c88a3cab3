import { describe, expect, it } from 'vitest';
import { CREATE_EXTRA_FIELDS } from '../../src/checks/create-pet.ts';
import { ROBUST_CREATE_ANY_JSON, ROBUST_LIST_ANY_QUERY } from '../../src/checks/robustness.ts';
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
