import { describe, expect, it } from 'vitest';
import { ERR_BODY_STATUS } from '../../src/checks/errors.ts';
import { causeLine, causeLines, commonCauses } from '../../src/report/causes.ts';
import type { CheckResult } from '../../src/report/model.ts';
import { exchange } from '../support/exchanges.ts';
import { checks } from '../support/report-fixture.ts';

const base = checks[0] as CheckResult;
const failed = (id: string, message: string, extra: Partial<CheckResult> = {}): CheckResult => ({
  ...base,
  id,
  verdict: 'fail',
  message,
  ...extra,
});
const status0 = 'body is not a valid Error: /status must be >= 100 (it is 0)';

describe('common causes of failures', () => {
  it('groups by what the checks found (code and data), not by the words around it', () => {
    const found = (errorStatus: string) => ({
      code: 'error-status-mismatch',
      data: { errorStatus, httpStatus: 401 },
      text: `Error.status is ${errorStatus}, HTTP status is 401`,
    });
    const results = [
      failed('A', 'no key: Error.status is 0, HTTP status is 401', { problem: found('0') }),
      failed('B', 'quite other words entirely', { problem: found('0') }),
      failed('C', 'a wrong key: Error.status is 0, HTTP status is 401 (and more)', {
        problem: found('0'),
      }),
      // The same words, another finding: not the same cause.
      failed('D', 'no key: Error.status is 0, HTTP status is 401', { problem: found('"0"') }),
    ];
    expect(commonCauses(results)).toEqual([
      { cause: 'Error.status is 0, HTTP status is 401', checks: ['A', 'B', 'C'] },
    ]);
  });

  it('a judge that fails on an Error.status mismatch says so as data', () => {
    const judgement = ERR_BODY_STATUS.judge([
      {
        label: 'listPets without key',
        expected: [401],
        ex: exchange({
          status: 401,
          body: '{"code":"x","message":"m","status":400}',
          contentType: 'application/json',
        }),
      },
    ]);
    expect(judgement.verdict).toBe('fail');
    expect(judgement.code).toBe('error-status-mismatch');
    expect(judgement.problem).toEqual({
      code: 'error-status-mismatch',
      data: { errorStatus: '400', httpStatus: 401 },
      text: 'Error.status is 400, HTTP status is 401',
    });
    expect(judgement.message).toBe('listPets without key: Error.status is 400, HTTP status is 401');
  });

  it('says once what many checks report after their own labels', () => {
    const results = [
      failed('AUTH-LIST-NO-KEY', `valid request, no key: ${status0}`),
      failed('AUTH-LIST-WRONG-KEY', `valid request, a wrong key: ${status0}`),
      failed('ERR-BODY-STATUS', `listPets without key: ${status0}`),
      failed('GET-404-UNKNOWN', status0),
      failed('LIST-200-PETS', 'expected 200, got 500'),
      { ...failed('AUTH-GET-NO-KEY', `no key: ${status0}`), verdict: 'warn' as const },
    ];
    expect(commonCauses(results)).toEqual([
      {
        cause: status0,
        checks: ['AUTH-LIST-NO-KEY', 'AUTH-LIST-WRONG-KEY', 'ERR-BODY-STATUS', 'GET-404-UNKNOWN'],
      },
    ]);
    expect(causeLines(results)).toEqual([
      'Common causes (one fix each):',
      `  4 checks: ${status0}`,
    ]);
  });

  it('leaves out the minimal input a property appends, which differs per check', () => {
    const cause = 'Error.status is 400, HTTP status is 404';
    const counterexample = { input: '0', seed: 1, propertySeed: 2, path: '0', numRuns: 10 };
    const results = [
      failed('GET-404-UNKNOWN', cause),
      failed('GET-ID-ANY', `${cause} (minimal input: 0)`, { counterexample }),
      failed('GET-ID-OTHER', `id 7: ${cause} (minimal input after 3 shrinks: 7)`, {
        counterexample,
      }),
    ];
    expect(commonCauses(results).map(causeLine)).toEqual([`3 checks: ${cause}`]);
  });

  it('counts each check once, under the cause most checks share, the most specific among equals', () => {
    const page =
      'Content-Type is \'text/html\', expected application/json; answered 401 with "<p>Error: no</p>"';
    const results = [
      failed('A', `a: ${page}`),
      failed('B', `b: ${page}`),
      failed('C', `c: ${page}`),
      failed('D', `d: expected 401, got 200`),
      failed('E', `e: expected 401, got 200`),
    ];
    // The quoted page holds a `: ` too; its tail is shared by the same checks, so the whole wins.
    expect(commonCauses(results)).toEqual([{ cause: page, checks: ['A', 'B', 'C'] }]);
    // Below the threshold (3 by default) a cause is not singled out.
    expect(commonCauses(results, 2).map(causeLine)).toEqual([
      `3 checks: ${page}`,
      '2 checks: expected 401, got 200',
    ]);
  });

  it('finds nothing to say for failures that all differ, or none', () => {
    expect(commonCauses(checks)).toEqual([]);
    expect(causeLines([])).toEqual([]);
  });
});
