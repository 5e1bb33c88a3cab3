import { describe, expect, it } from 'vitest';
import { AUTH_CHECKS, authCheckFor } from '../../src/checks/auth.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

describe('auth checks', () => {
  it('exist for each operation and scenario', () => {
    expect(AUTH_CHECKS).toHaveLength(12);
    expect(authCheckFor('getPet', 'WRONG-KEY').id).toBe('AUTH-GET-WRONG-KEY');
    expect(authCheckFor('createPet', 'NO-KEY').writes).toBe(true);
    expect(authCheckFor('listPets', 'NO-KEY').writes).toBe(false);
  });

  const check = authCheckFor('listPets', 'NO-KEY');

  it('pass on 401 with a valid Error body', () => {
    expect(check.judge(exchange({ status: 401, json: errorBody(401) })).verdict).toBe('pass');
  });

  it.each([
    ['a 200', { status: 200, json: [] }, 'expected 401, got 200'],
    ['a 403', { status: 403, json: errorBody(403) }, 'expected 401, got 403'],
    [
      'a plain-text 401',
      { status: 401, body: 'nope', contentType: 'text/plain' },
      "Content-Type is 'text/plain'",
    ],
    [
      'a 401 whose body lacks code',
      { status: 401, json: { message: 'm', status: 401 } },
      "must have required property 'code'",
    ],
    [
      'a 401 whose Error.status disagrees',
      { status: 401, json: errorBody(400) },
      'Error.status is 400, HTTP status is 401',
    ],
    [
      'a 401 with malformed JSON',
      { status: 401, body: '{', contentType: 'application/json' },
      'not valid JSON',
    ],
  ])('fail on %s', (_label, answer, message) => {
    const judgement = check.judge(exchange(answer));
    expect(judgement.verdict).toBe('fail');
    expect(judgement.message).toContain(message);
    expect(judgement.evidence).toHaveLength(1);
  });

  it('fail with the deadline when there is no answer', () => {
    const judgement = check.judge(exchange({ error: 'no answer within 100 ms' }));
    expect(judgement).toMatchObject({ verdict: 'fail', message: 'no answer within 100 ms' });
  });
});
