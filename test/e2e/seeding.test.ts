import { describe, expect, it } from 'vitest';
import { BUDGET_SPENT, UNRESPONSIVE } from '../../src/http/throttle.ts';
import { noPetsReason } from '../../src/language/seed.ts';
import { readReport, runCli } from '../support/cli.ts';

describe('seeding follows the selection', () => {
  it('--only AUTH-LIST creates no pet', async () => {
    const result = await runCli(['run', '--seed', '7', '--only', 'AUTH-LIST']);
    expect(result.stderr).toBe('');
    const report = readReport(result);
    expect(report.createdPets).toBe(0);
    expect(report.checks.filter((c) => c.verdict === 'pass').length).toBeGreaterThan(0);
    expect(result.stdout).toContain('0 pets created');
  });

  it('--only LIST-LIMIT-MAX creates the pets it judges by', async () => {
    const result = await runCli(['run', '--seed', '7', '--only', 'LIST-LIMIT-MAX']);
    expect(result.code).toBe(0);
    const report = readReport(result);
    expect(report.createdPets).toBe(101);
    expect(report.checks.find((c) => c.id === 'LIST-LIMIT-MAX')?.verdict).toBe('pass');
  });
});

describe('the reason a list check went unjudged', () => {
  it('names a spent budget, not an empty store', () => {
    const message = 'the request budget (--max-requests) was used up';
    const refused = { code: BUDGET_SPENT, message };
    expect(noPetsReason({ known: 0, refused })).toEqual({
      code: 'budget',
      message: `${message} before any pet could be listed or created`,
    });
    expect(noPetsReason({ known: 0 })).toEqual({
      code: 'precondition',
      message: 'no pets exist: nothing to judge limits by',
    });
    expect(noPetsReason({ known: 3, refused })).toBeUndefined();
  });

  it("names a target that stopped answering as the target's doing", () => {
    const refused = {
      code: UNRESPONSIVE,
      message: 'the target left 3 requests in a row unanswered',
    };
    expect(noPetsReason({ known: 0, refused })?.code).toBe('target-unresponsive');
  });
});
