import { describe, expect, it } from 'vitest';
import { emptyPageJudgement } from '../../src/checks/empty-page.ts';
import { LIST_STATUS_CHECKS } from '../../src/checks/list-pets.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const empty = exchange({ status: 200, json: [] });
const pet = (status: string) =>
  exchange(
    { status: 200, json: { id: 7, name: 'Rex', categoryId: 1, status } },
    'GET',
    'http://h/v1/pets/7',
  );
const gone = exchange({ status: 404, json: errorBody(404) }, 'GET', 'http://h/v1/pets/7');

describe('an empty page while pets exist', () => {
  it('fails when asked again it is still empty, and a pet of it was there before and after', () => {
    const recheck = {
      pet: '7',
      status: 'pending' as const,
      before: pet('pending'),
      again: empty,
      after: pet('pending'),
    };
    const judged = LIST_STATUS_CHECKS.pending.judge({
      status: 'pending',
      ex: empty,
      known: 3,
      recheck,
    });
    expect(judged.verdict).toBe('fail');
    expect(judged.code).toBe('empty-page');
    expect(judged.evidence).toHaveLength(4);
  });

  it('warns when, still empty, the page links a next one (rel="next": keyset paging goes on past it)', () => {
    const linked = exchange({
      status: 200,
      json: [],
      headers: { link: '</v1/pets?status=pending&cursor=100>; rel="next"' },
    });
    const recheck = {
      pet: '7',
      status: 'pending' as const,
      before: pet('pending'),
      again: linked,
      after: pet('pending'),
    };
    const judged = LIST_STATUS_CHECKS.pending.judge({
      status: 'pending',
      ex: linked,
      known: 3,
      recheck,
    });
    expect(judged.verdict).toBe('warn');
    expect(judged.message).toContain('links a next page');
  });

  it('warns when the pet moved on (a transition) or is gone (another client), or the page was stale', () => {
    const moved = {
      pet: '7',
      status: 'pending' as const,
      before: pet('pending'),
      again: empty,
      after: pet('available'),
    };
    expect(emptyPageJudgement(empty, 3, 'pending pets', moved)?.verdict).toBe('warn');
    const deleted = { pet: '7', before: pet('sold'), again: empty, after: gone };
    expect(emptyPageJudgement(empty, 3, 'pets', deleted)?.verdict).toBe('warn');
    const stale = {
      pet: '7',
      before: pet('sold'),
      again: exchange({ status: 200, json: [{ id: 7 }] }),
      after: pet('sold'),
    };
    expect(emptyPageJudgement(empty, 3, 'pets', stale)?.verdict).toBe('warn');
  });

  it('warns with no pet to read back, and says nothing of a page that is not empty or of no pet known', () => {
    expect(emptyPageJudgement(empty, 3, 'pets', undefined)?.verdict).toBe('warn');
    expect(
      emptyPageJudgement(exchange({ status: 200, json: [{ id: 1 }] }), 3, 'pets', undefined),
    ).toBeUndefined();
    expect(emptyPageJudgement(empty, 0, 'pets', undefined)).toBeUndefined();
  });
});
