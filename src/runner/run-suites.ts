import type { Reporter, TestModule } from 'vitest/node';
import { createVitest, startVitest } from 'vitest/node';
import { HarnessError } from '../errors.ts';
import { ResultCollector } from './collector.ts';
import type { HarnessContext } from './context.ts';
import { PACKAGE_ROOT } from './paths.ts';

const SUITES = ['suites/**/*.suite.ts'];

function suiteOptions(harness: HarnessContext, reporters: Reporter[]) {
  // A test's own deadline: generous, since each request has its own and properties send many.
  const testTimeout = Math.max(60_000, harness.timeoutMs * 20);
  return {
    root: PACKAGE_ROOT,
    config: false as const,
    watch: false,
    include: SUITES,
    reporters,
    provide: { harness },
    testTimeout,
    hookTimeout: testTimeout,
    passWithNoTests: false,
    // Suites share nothing but read-only modules, so a fresh module graph per file buys
    // nothing and costs about a second per file (11 s against 3.5 s for the default run).
    pool: 'forks' as const,
    isolate: false,
    maxWorkers: 1,
  };
}

const QUIET_VITE = { logLevel: 'silent' as const, clearScreen: false };

/** Runs every suite in suites/ against the target and collects one result per check. */
export async function runSuites(
  harness: HarnessContext,
  print: (line: string) => void,
): Promise<ResultCollector> {
  const collector = new ResultCollector(print);
  const vitest = await startVitest('test', [], suiteOptions(harness, [collector]), QUIET_VITE);
  if (!vitest) throw new HarnessError('VITEST', 'vitest could not start the suites');
  await vitest.close();
  // vitest marks failing runs for the process; the CLI decides the exit code itself.
  process.exitCode = undefined;
  return collector;
}

function testNames(modules: readonly TestModule[]): string[] {
  return modules.flatMap((mod) => [...mod.children.allTests()].map((test) => test.name));
}

/** The names of every test the suites define, collected without running any of them. */
export async function collectSuiteTestNames(harness: HarnessContext): Promise<string[]> {
  const vitest = await createVitest('test', suiteOptions(harness, []), QUIET_VITE);
  try {
    const { testModules, unhandledErrors } = await vitest.collect();
    const broken = testModules.flatMap((m) => m.errors().map((e) => `${m.moduleId}: ${e.message}`));
    if (broken.length || unhandledErrors.length) {
      throw new Error(
        `suites failed to load: ${[...broken, ...unhandledErrors.map(String)].join('; ')}`,
      );
    }
    return testNames(testModules);
  } finally {
    await vitest.close();
  }
}
