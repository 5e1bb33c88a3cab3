import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { BaseSequencer, createVitest } from 'vitest/node';
import { HarnessError } from '../errors.ts';
import { ResultCollector } from './collector.ts';
import type { HarnessContext } from './context.ts';
import { CODE_EXT, CODE_ROOT, PACKAGE_ROOT } from './paths.ts';
import { redactorFor } from './redactor.ts';

// From source the suites are TypeScript (vitest transforms them); compiled, plain JavaScript.
const SUITES = [`suites/**/*.suite.${CODE_EXT}`];
const WARM_UP = join(CODE_ROOT, 'src', 'runner', `warm-up.${CODE_EXT}`);

/**
 * Suite files in path order. vitest's own order puts files that failed or ran long last time
 * first, so two runs with the same seed would send their requests in different orders.
 */
class PathOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * vitest's options to keep the suites' transformed modules between runs (it saves ~0.5 s a
 * run; entries are keyed by content, so an edited file is transformed again). None, and no
 * cache, when the folder cannot be written (e.g. a read-only install).
 */
function moduleCache() {
  const dir = join(PACKAGE_ROOT, 'node_modules', '.cache', 'petstore-conformance', 'vitest');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch {
    return {};
  }
  return { experimental: { fsModuleCache: true, fsModuleCachePath: dir } };
}

function suiteOptions(harness: HarnessContext, reporters: Reporter[], shard?: string) {
  // vitest's deadline for a test must never come first: the run's own (limits.deadline) stops
  // every request from starting, and one in flight ends within --timeout.
  const testTimeout = harness.maxDurationMs + 2 * harness.timeoutMs + 30_000;
  return {
    root: CODE_ROOT,
    // An installed package lives under node_modules, which vitest leaves out by default.
    exclude: [],
    config: false as const,
    watch: false,
    include: SUITES,
    setupFiles: [WARM_UP],
    reporters,
    provide: { harness },
    testTimeout,
    hookTimeout: testTimeout,
    passWithNoTests: false,
    // Suites share nothing but read-only modules, so a fresh module graph per file buys
    // nothing and costs about a second per file (11 s against 3.5 s for the default run).
    // One worker: the suites are I/O-bound, and one worker sends requests in a fixed order.
    // A thread, not a process: the suites need no process of their own, and a second Node
    // process costs ~115 MiB (the tree's peak RSS: 298 MiB with forks, 262 with threads).
    pool: 'threads' as const,
    isolate: false,
    maxWorkers: 1,
    sequence: { sequencer: PathOrder },
    ...moduleCache(),
    ...(shard ? { shard } : {}),
  };
}

const QUIET_VITE = { logLevel: 'silent' as const, clearScreen: false };

/**
 * One vitest instance that can run the suites against one target after another: the second
 * and later runs skip vitest's start-up (the fault matrix runs dozens of targets this way).
 */
export interface SuiteSession {
  run(harness: HarnessContext, print: (line: string) => void): Promise<ResultCollector>;
  close(): Promise<void>;
}

export async function openSuiteSession(
  first: HarnessContext,
  shard?: string,
): Promise<SuiteSession> {
  let current: ResultCollector | undefined;
  // vitest keeps the reporters it was created with; this one hands each run to its own collector.
  const relay: Reporter = {
    onTestCaseResult: (testCase: TestCase) => current?.onTestCaseResult(testCase),
    onTestRunEnd: (modules, errors) => current?.onTestRunEnd(modules, errors),
  };
  const vitest = await createVitest(
    'test',
    suiteOptions(first, [relay], shard) as never,
    QUIET_VITE,
  );
  let specs: TestSpecification[];
  try {
    specs = await vitest.globTestSpecifications();
  } catch (error) {
    await vitest.close();
    throw error;
  }
  if (specs.length === 0) {
    await vitest.close();
    throw new HarnessError('VITEST', `no suites found under ${CODE_ROOT}/suites`);
  }
  return {
    async run(harness, print) {
      current = new ResultCollector(print, redactorFor(harness.apiKey));
      vitest.provide('harness', harness);
      await vitest.runTestSpecifications(specs, true);
      // vitest marks failing runs for the process; the CLI decides the exit code itself.
      process.exitCode = undefined;
      return current;
    },
    close: () => vitest.close(),
  };
}

/** Runs every suite in suites/ against the target once and collects one result per check. */
export async function runSuites(
  harness: HarnessContext,
  print: (line: string) => void,
  shard?: string,
): Promise<ResultCollector> {
  const session = await openSuiteSession(harness, shard);
  try {
    return await session.run(harness, print);
  } finally {
    await session.close();
  }
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
