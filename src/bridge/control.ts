import type { TestCase, TestModule } from 'vitest/node';

/** Why a run stopped before its checks had all run: Ctrl-C, or --max-failures reached. */
export interface StopReason {
  /** One line: `interrupted (SIGINT)`, `stopped after 3 MUST failures (--max-failures 3)`. */
  reason: string;
  /** True for a signal: the process exits 130 (SIGINT) or 143 (SIGTERM), not by its verdict. */
  signal?: 'SIGINT' | 'SIGTERM';
}

/** Where a run stands: checks ended of those registered, requests they sent, checks under way. */
export interface Progress {
  done: number;
  total: number;
  requests: number;
  running: string[];
}

/**
 * How the CLI steers a run of the suites: `controller.abort(reason)` (a StopReason) ends the
 * run's wait for its checks, and what was judged by then is reported, marked partial;
 * `onProgress` hears of every check that starts or ends (a terminal shows it live).
 */
export interface RunControl {
  controller: AbortController;
  /** Stop once this many checks have failed (--max-failures, --bail). */
  maxFailures?: number;
  onProgress?: (progress: Progress) => void;
}

/** A promise that settles when the run is asked to stop; never, without a stop. */
export function whenStopped(stop: RunControl | undefined): Promise<void> {
  const signal = stop?.controller.signal;
  if (!signal) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

/** The reason a stopped run carries, or undefined while it runs on. */
export function stopReason(stop: RunControl | undefined): StopReason | undefined {
  const signal = stop?.controller.signal;
  return signal?.aborted ? (signal.reason as StopReason) : undefined;
}

/**
 * Counts failed checks as their results come in, and stops the run at --max-failures. A check
 * fails its test only on a verdict of fail (a MUST clause broken) or a harness error.
 */
export function failureCounter(stop: RunControl | undefined): (testCase: TestCase) => void {
  let failures = 0;
  const max = stop?.maxFailures;
  return (testCase) => {
    if (!stop || max === undefined || testCase.result().state !== 'failed') return;
    failures++;
    if (failures >= max && !stop.controller.signal.aborted) {
      const reason = `stopped after ${failures} failed ${failures === 1 ? 'check' : 'checks'} (--max-failures ${max})`;
      stop.controller.abort({ reason } satisfies StopReason);
    }
  };
}

const CHECK_ID = /^\[([A-Z0-9-]+)\]/;
const idOf = (testCase: TestCase) => CHECK_ID.exec(testCase.name)?.[1] ?? testCase.name;

/** Keeps the run's Progress from vitest's events, and tells `onProgress` of every change. */
export function progressTracker(control: RunControl | undefined) {
  const progress: Progress = { done: 0, total: 0, requests: 0, running: [] };
  const tell = () => control?.onProgress?.({ ...progress, running: [...progress.running] });
  return {
    collected(module: TestModule) {
      progress.total += [...module.children.allTests()].length;
    },
    started(testCase: TestCase) {
      progress.running.push(idOf(testCase));
      tell();
    },
    ended(testCase: TestCase) {
      progress.done++;
      progress.requests += testCase.meta().check?.requests ?? 0;
      progress.running = progress.running.filter((id) => id !== idOf(testCase));
      tell();
    },
  };
}
