import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files first, in this order, then the rest as vitest sorts them (by the durations of
 * earlier runs when it has them). A fresh clone (CI) has none, and vitest then sorts by file
 * size: the fault matrix and the files that wait out timeouts started last and set the wall.
 */
const LONGEST = [
  'faults/matrix',
  'e2e/hangs',
  'e2e/slow-target',
  'e2e/bounds',
  'e2e/cli',
  'e2e/hostile-output',
  'e2e/key-leak-escapes',
  'e2e/preflight-answers',
  'e2e/freedoms',
  'e2e/request-space',
  'e2e/concurrency',
  'e2e/equivalences',
  'e2e/hostile',
  'e2e/key-leak',
  'e2e/stability',
  'e2e/slow',
  'e2e/reproducible',
  'e2e/bench',
  'e2e/bodies',
].map((name) => `/test/${name}.test.ts`);

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((end) => f.moduleId.endsWith(end));
      return i < 0 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

// The harness's own tests. The conformance suites in suites/ are run by the CLI, not by this config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests run the compiled code (test/support/compiled.ts).
    globalSetup: ['./test/support/compiled.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/support/plain-summary.ts'],
    // The slow files (the fault matrix, the CLI runs) mostly wait on child processes, and some
    // on a slow target's timeouts: four at a time keep both cores busy while two of them wait
    // (three: 5:25 and 5:46 for npm test; four: 4:46 twice, 26 November).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
  },
});
