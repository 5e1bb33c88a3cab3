import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AUTH_CHECKS,
  AUTH_ORDER_CHECKS,
  authCheckFor,
  judgeProbes,
} from '../../src/checks/auth.ts';
import {
  CREDENTIAL_STATES,
  INVALID_INPUTS,
  nearKeys,
  OPERATION_ROWS,
  withCredential,
} from '../../src/checks/auth-table.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const probe = (answer: Parameters<typeof exchange>[0]) => [{ label: 'p', ex: exchange(answer) }];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the auth table', () => {
  it('makes one check per operation and credential state, and one per invalid input', () => {
    expect(AUTH_CHECKS).toHaveLength(3 * CREDENTIAL_STATES.length);
    expect(AUTH_ORDER_CHECKS.map((c) => c.id)).toEqual(
      INVALID_INPUTS.map((i) => `AUTH-BEFORE-${i.id}`),
    );
    expect(authCheckFor('getPet', 'WRONG-KEY').id).toBe('AUTH-GET-WRONG-KEY');
    expect(authCheckFor('createPet', 'NO-KEY').writes).toBe(true);
    expect(authCheckFor('listPets', 'NEAR-KEY').writes).toBe(false);
  });

  it('keeps the ids of the first credential states', () => {
    for (const state of ['NO-KEY', 'WRONG-KEY', 'EMPTY-BEARER', 'OTHER-SCHEME'])
      for (const op of Object.keys(OPERATION_ROWS) as (keyof typeof OPERATION_ROWS)[])
        expect(authCheckFor(op, state).id).toMatch(/^AUTH-(LIST|CREATE|GET)-/);
    expect(AUTH_ORDER_CHECKS.map((c) => c.id)).toEqual(
      expect.arrayContaining(['AUTH-BEFORE-BODY', 'AUTH-BEFORE-EXISTENCE']),
    );
  });

  it('derives near-key tokens that are never the key, and skips case variants equal to it', () => {
    const key = 'Key-123abc';
    const tokens = nearKeys(key).map((n) => n.token);
    expect(tokens).toEqual([
      'Key-123abcx',
      '"Key-123abc"',
      'Key-123abc,',
      'Key-123abc x',
      'xKey-123abc',
      'x Key-123abc',
      'Key-123abc.x',
      'Key-123abc=',
      'Key-123abc==',
      '%4b%65%79%2d%31%32%33%61%62%63',
      'S2V5LTEyM2FiYw==',
      'Key-123ab',
      'Key-123ab0',
      'Key-103abc',
      '0ey-123abc',
      // Fullwidth, as UTF-8 octets read one a character (what goes out as latin1).
      Buffer.from('\uff2b\uff45\uff59\uff0d\uff11\uff12\uff13\uff41\uff42\uff43').toString(
        'latin1',
      ),
      'Key+123abc',
      'Key-123abc\xa0',
      '\xa0Key-123abc',
      sha256('Key-123abc'),
      'kEY-123ABC',
      'KEY-123ABC',
      'key-123abc',
    ]);
    expect(nearKeys('1234-5678').map((n) => n.token)).toEqual([
      '1234-5678x',
      '"1234-5678"',
      '1234-5678,',
      '1234-5678 x',
      'x1234-5678',
      'x 1234-5678',
      '1234-5678.x',
      '1234-5678=',
      '1234-5678==',
      '%31%32%33%34%2d%35%36%37%38',
      'MTIzNC01Njc4',
      '1234-567',
      '1234-5670',
      '123405678',
      '0234-5678',
      Buffer.from('\uff11\uff12\uff13\uff14\uff0d\uff15\uff16\uff17\uff18').toString('latin1'),
      '1234+5678',
      '1234-5678\xa0',
      '\xa01234-5678',
      sha256('1234-5678'),
    ]);
    // A replaced `0` becomes `1`: the token always differs from the key, at its length.
    expect(nearKeys('0000').map((n) => n.token)).toEqual(
      expect.arrayContaining(['0001', '0010', '1000']),
    );
    // Positions that coincide give one token, not two.
    expect(nearKeys('ab').map((n) => n.token)).toEqual([
      'abx',
      '"ab"',
      'ab,',
      'ab x',
      'xab',
      'x ab',
      'ab.x',
      'ab=',
      'ab==',
      '%61%62',
      'YWI=',
      'a',
      'a0',
      '0b',
      Buffer.from('\uff41\uff42').toString('latin1'),
      // No - _ + / to swap: that token would be the key.
      'ab\xa0',
      '\xa0ab',
      sha256('ab'),
      'AB',
    ]);
    expect(nearKeys('abc').map((n) => n.token)).not.toContain('abc');
  });

  it('sends outside-header credentials with no Authorization header at all', () => {
    const query = CREDENTIAL_STATES.find((s) => s.id === 'KEY-IN-QUERY');
    const [first] = query?.variants('k') ?? [];
    if (!first) throw new Error('no query variant');
    const spec = OPERATION_ROWS.listPets.valid();
    expect(withCredential({ ...spec, query: { limit: '0' } }, first)).toEqual({
      method: 'GET',
      path: '/pets',
      auth: 'none',
      query: { limit: '0', api_key: 'k' },
    });
  });
});

describe('judging auth probes', () => {
  it('passes 401 with a valid Error body', () => {
    expect(judgeProbes(probe({ status: 401, json: errorBody(401) })).verdict).toBe('pass');
  });

  it.each([
    ['a 200', { status: 200, json: [] }, 'expected 401, got 200: served without the right key'],
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
  ])('fails %s', (_label, answer, message) => {
    const judgement = judgeProbes(probe(answer));
    expect(judgement.verdict).toBe('fail');
    expect(judgement.message).toContain(message);
    expect(judgement.evidence).toHaveLength(1);
  });

  it('names what the server looked at before the key', () => {
    const judgement = judgeProbes([
      { label: 'ok', ex: exchange({ status: 401, json: errorBody(401) }) },
      {
        label: 'limit=0 request, no key',
        ex: exchange({ status: 400, json: errorBody(400) }),
        instead: { statuses: [400], what: 'validated limit' },
      },
    ]);
    expect(judgement.message).toBe(
      'limit=0 request, no key: expected 401, got 400: validated limit before the key',
    );
  });

  it('fails with the deadline when there is no answer', () => {
    const judgement = judgeProbes(probe({ error: 'no answer within 100 ms' }));
    expect(judgement).toMatchObject({ verdict: 'fail' });
    expect(judgement.message).toContain('no answer within 100 ms');
  });
});
