import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { HarnessError } from '../errors.ts';
import { ResultCollector } from './collector.ts';
import type { HarnessContext } from './context.ts';
import { CODE_EXT, CODE_ROOT, PACKAGE_ROOT } from './paths.ts';
import { checksAtOnce } from './schedule.ts';

// From source the suites are TypeScript (vitest transforms them); compiled, plain JavaScript.
// One entry registers every suite: checks of different suites can then run together.
const SUITES = [`suites/all.${CODE_EXT}`];
const WARM_UP = join(CODE_ROOT, 'src', 'runner', `warm-up.${CODE_EXT}`);

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

/**
 * Compiled, the harness's modules are plain JavaScript: the suites' worker loads them with Node's
 * own loader, as it does an installed package's (under node_modules, which vitest leaves to
 * Node), not module by module through vite (~0.1 s of start-up for a clone's dist/).
 */
function nativeModules() {
  if (CODE_EXT !== 'js') return {};
  const root = `${CODE_ROOT.replaceAll('\\', '/')}/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { server: { deps: { external: [new RegExp(root)] } } };
}

function suiteOptions(harness: HarnessContext, reporters: Reporter[]) {
  // A test's own deadline: generous, since each request has its own and properties send many.
  const testTimeout = Math.max(60_000, harness.timeoutMs * 20);
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
    // The modules stay loaded between the runs of a session (a fresh module graph costs about
    // a second). One worker: the suites are I/O-bound, and the run's throttle lives in it.
    // A thread, not a process: the suites need no process of their own, and a second Node
    // process costs ~115 MiB (the tree's peak RSS: 298 MiB with forks, 262 with threads).
    pool: 'threads' as const,
    isolate: false,
    maxWorkers: 1,
    // Independent checks run together in that one worker (a session keeps its first run's
    // number; each run's throttle still keeps to its own --concurrency).
    maxConcurrency: checksAtOnce(harness.limits),
    ...moduleCache(),
    ...nativeModules(),
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
    onTestModuleCollected: (module: TestModule) => current?.onTestModuleCollected(module),
    onTestCaseResult: (testCase: TestCase) => current?.onTestCaseResult(testCase),
    onTestRunEnd: (modules, errors) => current?.onTestRunEnd(modules, errors),
  };
  const vitest = await createVitest('test', suiteOptions(first, [relay]) as never, QUIET_VITE);
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
      current = new ResultCollector(print);
      // The entry registers only this shard's suites.
      vitest.provide('harness', shard ? { ...harness, shard } : harness);
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
