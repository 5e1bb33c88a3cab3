import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ProvidedContext } from 'vitest';
import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { HarnessError } from '../base/errors.ts';
import { CODE_EXT, CODE_ROOT, PACKAGE_ROOT } from '../base/paths.ts';
import type { Config } from '../config/config.ts';
import type { ResultCollector } from './collector.ts';
import type { HarnessContext } from './context.ts';
import { failureCounter, progressTracker, type RunControl, whenStopped } from './control.ts';
import { type GateMessage, READY } from './gate.ts';
import { checksAtOnce } from './schedule.ts';

// From source the suites are TypeScript (vitest transforms them); compiled, plain JavaScript.
// One entry registers every suite: checks of different suites can then run together.
const SUITES = [`suites/all.${CODE_EXT}`];
const WARM_UP = join(CODE_ROOT, 'src', 'bridge', `warm-up.${CODE_EXT}`);

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

/** What vitest's options depend on: known from the command line, before the target is. */
export type SuiteSettings = Pick<HarnessContext, 'timeoutMs' | 'maxDurationMs' | 'limits'>;

function suiteOptions(
  settings: SuiteSettings,
  reporters: Reporter[],
  provide: Partial<ProvidedContext>,
) {
  // vitest's deadline for a test must never come first: the run's own (limits.deadline) stops
  // every request from starting, and one in flight ends within --timeout.
  const testTimeout = settings.maxDurationMs + 2 * settings.timeoutMs + 30_000;
  return {
    root: CODE_ROOT,
    // An installed package lives under node_modules, which vitest leaves out by default.
    exclude: [],
    config: false as const,
    watch: false,
    include: SUITES,
    setupFiles: [WARM_UP],
    reporters,
    provide,
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
    maxConcurrency: checksAtOnce(settings.limits),
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
  /**
   * Runs the suites once. With `stop`, the run ends early when it is aborted (Ctrl-C,
   * --max-failures): the collector then holds what was judged so far, and the checks still
   * under way are cancelled, not waited for.
   */
  run(
    harness: HarnessContext,
    print: (line: string) => void,
    stop?: RunControl,
  ): Promise<ResultCollector>;
  close(): Promise<void>;
}

/**
 * Makes vitest without the signal handlers its logger adds: they exit the process 1 ms after a
 * Ctrl-C, while the CLI writes what was judged first (its exit code says the run was stopped).
 */
async function keepingSignals<T>(make: () => Promise<T>): Promise<T> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const made = await make();
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)?.has(listener)) process.off(signal, listener);
  }
  return made;
}

/** vitest, ready to run the suites, with the collector of the run under way. */
async function openVitest(
  settings: SuiteSettings,
  provide: Partial<ProvidedContext>,
): Promise<{
  vitest: Vitest;
  specs: TestSpecification[];
  collectWith: (c: ResultCollector, stop?: RunControl) => void;
}> {
  let current: ResultCollector | undefined;
  let currentStop: RunControl | undefined;
  let counted: (testCase: TestCase) => void = () => undefined;
  let progress = progressTracker(undefined);
  // vitest keeps the reporters it was created with; this one hands each run to its own collector.
  const relay: Reporter = {
    onTestModuleCollected: (module: TestModule) => {
      current?.onTestModuleCollected(module);
      progress.collected(module);
    },
    onTestCaseReady: (testCase: TestCase) => progress.started(testCase),
    onTestCaseResult: (testCase: TestCase) => {
      // A stopped run reports what was judged before it stopped, not the cancelled rest.
      if (currentStop?.controller.signal.aborted) return;
      current?.onTestCaseResult(testCase);
      progress.ended(testCase);
      counted(testCase);
    },
    onTestRunEnd: (modules, errors) => current?.onTestRunEnd(modules, errors),
  };
  const vitest = await keepingSignals(() =>
    createVitest('test', suiteOptions(settings, [relay], provide) as never, QUIET_VITE),
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
  const collectWith = (collector: ResultCollector, stop?: RunControl) => {
    current = collector;
    currentStop = stop;
    counted = failureCounter(stop);
    progress = progressTracker(stop);
  };
  return { vitest, specs, collectWith };
}

/**
 * Waits for a run of the suites, or for its stop: then the checks under way are cancelled and
 * not waited for (a request in flight may take its whole --timeout; Ctrl-C should not).
 */
async function untilDoneOrStopped(
  vitest: Vitest,
  running: Promise<void>,
  stop: RunControl | undefined,
): Promise<void> {
  await Promise.race([running, whenStopped(stop)]);
  if (stop?.controller.signal.aborted)
    void vitest.cancelCurrentRun('keyboard-input').catch(() => undefined);
}

async function runOnce(vitest: Vitest, specs: TestSpecification[]): Promise<void> {
  await vitest.runTestSpecifications(specs, true);
  // vitest marks failing runs for the process; the CLI decides the exit code itself.
  process.exitCode = undefined;
}

export async function openSuiteSession(
  first: HarnessContext,
  shard?: string,
): Promise<SuiteSession> {
  const { vitest, specs, collectWith } = await openVitest(first, { harness: first });
  return {
    async run(harness, print, stop) {
      const collector = await collectorFor(harness, print);
      collectWith(collector, stop);
      // The entry registers only this shard's suites.
      vitest.provide('harness', shard ? { ...harness, shard } : harness);
      await untilDoneOrStopped(vitest, runOnce(vitest, specs), stop);
      return collector;
    },
    close: () => vitest.close(),
  };
}

/**
 * The collector of one run. Loaded when the run starts: it pulls in the check catalog, which
 * the CLI's thread need not load before the suites' worker is on its way.
 */
async function collectorFor(harness: HarnessContext, print: (line: string) => void) {
  const [{ ResultCollector }, { egressFor }] = await Promise.all([
    import('./collector.ts'),
    import('./redactor.ts'),
  ]);
  return new ResultCollector(print, egressFor(harness.apiKey, harness.secrets));
}

/**
 * One run of the suites, started before its target is known (the CLI starts it first thing):
 * vitest's worker boots and loads the suites' modules while this thread loads the rest of the
 * harness, starts the target and sends the preflight, then waits at a gate (src/bridge/gate.ts).
 * `run` hands it the target; `close` without `run` (the preflight failed) lets it go unrun.
 */
export async function startSuites(
  config: Pick<Config, 'timeoutMs' | 'maxDurationMs' | 'concurrency' | 'maxRequests' | 'shard'>,
): Promise<SuiteSession> {
  const { shard, maxRequests } = config;
  const limits = {
    concurrency: config.concurrency,
    ...(maxRequests === undefined ? {} : { maxRequests }),
  };
  const settings: SuiteSettings = {
    timeoutMs: config.timeoutMs,
    maxDurationMs: config.maxDurationMs,
    limits,
  };
  const gate = new BroadcastChannel(`petstore-conformance:${randomUUID()}`);
  const ready = new Promise<void>((resolve) => {
    gate.onmessage = (event) => {
      if ((event as { data: unknown }).data === READY) resolve();
    };
  });
  const open = (message: GateMessage) => ready.then(() => gate.postMessage(message));
  let opened = false;
  let vitest: Vitest;
  let specs: TestSpecification[];
  let collectWith: (collector: ResultCollector, stop?: RunControl) => void;
  try {
    ({ vitest, specs, collectWith } = await openVitest(settings, { harnessGate: gate.name }));
  } catch (error) {
    gate.close();
    throw error;
  }
  const running = runOnce(vitest, specs);
  // Awaited by run or close; until then a failure must not count as unhandled.
  running.catch(() => undefined);
  return {
    async run(harness, print, stop) {
      opened = true;
      const collector = await collectorFor(harness, print);
      collectWith(collector, stop);
      // A worker that never reaches the gate (the suites failed to load) ends the run itself.
      const gated = Promise.race([
        open({ harness: shard ? { ...harness, shard } : harness }),
        running,
      ]);
      await untilDoneOrStopped(
        vitest,
        gated.then(() => running),
        stop,
      );
      return collector;
    },
    async close() {
      if (!opened) await Promise.race([open({ stop: 'no run' }), running]);
      await running;
      gate.close();
      await vitest.close();
    },
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
  const vitest = await createVitest(
    'test',
    suiteOptions(harness, [], { harness }) as never,
    QUIET_VITE,
  );
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
