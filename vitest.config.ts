import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LONG_TIER } from './test/long-tier.ts';

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

/**
 * The harness's own tests: `include` and `exclude` pick the tier (npm test here, the long tier
 * in vitest.long.config.ts). The conformance suites in suites/ are run by the CLI, not by this config.
 */
export function harnessTests(include: string[], exclude: readonly string[] = []): ViteUserConfig {
  return defineConfig({
    test: {
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      // The CLI tests run the compiled code (test/support/compiled.ts).
      globalSetup: ['./test/support/compiled.ts'],
      // A whole CLI run takes 6-10 s on a quiet machine and over 60 s on a loaded one (two CLI
      // tests timed out at 60 s beside a red team's runs, 27 November); runCli stops its child
      // at 90 s, so a run that hangs is still reported as such, not as the test's timeout.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      reporters: ['default', './test/support/plain-summary.ts'],
      // The slow files (the fault matrix, the CLI runs) mostly wait on child processes, and some
      // on a slow target's timeouts: four at a time keep both cores busy while two of them wait
      // (three: 5:25 and 5:46 for npm test; four: 4:46 twice, 26 November).
      maxWorkers: 4,
      sequence: { sequencer: LongestFirst },
    },
  });
}

// npm test: every test but the long tier's (test/long-tier.ts), which .ci/run runs after it.
export default harnessTests(['test/**/*.test.ts'], LONG_TIER);
