import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { ResultCollector } from '../../src/bridge/collector.ts';
import { CATALOG } from '../../src/checks/catalog.ts';
import { runVerdict } from '../../src/report/model.ts';

const [first, second, third] = CATALOG;
const nameOf = (def: (typeof CATALOG)[number]) => `[${def.id}] ${def.title}`;

/** The little of a vitest test case the collector reads: a check that passed. */
function passed(def: (typeof CATALOG)[number]): TestCase {
  const check = { id: def.id, verdict: 'pass', message: 'ok', exchanges: [], requests: 1 };
  return {
    name: nameOf(def),
    meta: () => ({ check }),
    result: () => ({ state: 'passed' }),
    diagnostic: () => ({ startTime: 1_000, duration: 1 }),
  } as unknown as TestCase;
}

function moduleOf(...defs: (typeof CATALOG)[number][]): TestModule {
  const tests = defs.map((def) => ({ name: nameOf(def) }));
  return {
    children: { allTests: () => tests.values() },
    errors: () => [],
  } as unknown as TestModule;
}

describe('ResultCollector', () => {
  it("prints each check's line in catalog order, whatever order the checks end in", () => {
    if (!first || !second || !third) throw new Error('the catalog has fewer than 3 checks');
    const printed: string[] = [];
    const collector = new ResultCollector((line) => printed.push(line));
    collector.onTestModuleCollected(moduleOf(third, first, second));
    collector.onTestCaseResult(passed(third));
    collector.onTestCaseResult(passed(second));
    // Held back until the first check of the catalog has ended.
    expect(printed).toEqual([]);
    collector.onTestCaseResult(passed(first));
    const ids = (lines: string[]) => lines.map((l) => l.split(/\s+/)[2]);
    expect(ids(printed)).toEqual([first.id, second.id, third.id]);
    expect(
      collector
        .orderedResults()
        .slice(0, 3)
        .map((r) => r.id),
    ).toEqual(ids(printed));
  });

  it('prints what ended at the end of the run, even when a check before it never reported', () => {
    if (!first || !second) throw new Error('the catalog has fewer than 2 checks');
    const printed: string[] = [];
    const collector = new ResultCollector((line) => printed.push(line));
    collector.onTestModuleCollected(moduleOf(first, second));
    collector.onTestCaseResult(passed(second));
    expect(printed).toEqual([]);
    collector.onTestRunEnd([], []);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(second.id);
  });

  it("a check that crashed inside the harness is the harness's error, not the target's failure", () => {
    if (!first) throw new Error('the catalog is empty');
    const collector = new ResultCollector(() => undefined);
    collector.onTestCaseResult({
      name: nameOf(first),
      meta: () => ({}),
      result: () => ({ state: 'failed', errors: [{ message: 'TypeError: boom' }] }),
      diagnostic: () => ({ startTime: 1_000, duration: 1 }),
    } as unknown as TestCase);
    const [result] = collector.results;
    expect(result?.verdict).toBe('error');
    expect(collector.harnessErrors).toEqual([`${first.id}: harness error: TypeError: boom`]);
    expect(runVerdict(collector.orderedResults(), [])).toBe('error');
  });
});
