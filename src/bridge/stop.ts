import type { TestCase } from 'vitest/node';

/** Why a run stopped before its checks had all run: Ctrl-C, or --max-failures reached. */
export interface StopReason {
  /** One line: `interrupted (SIGINT)`, `stopped after 3 MUST failures (--max-failures 3)`. */
  reason: string;
  /** True for a signal: the process exits 130 (SIGINT) or 143 (SIGTERM), not by its verdict. */
  signal?: 'SIGINT' | 'SIGTERM';
}

/**
 * How a run may be stopped early. `stop.abort(reason)` (a StopReason) ends the run's wait for its
 * checks: what was judged by then is reported, marked partial.
 */
export interface RunStop {
  controller: AbortController;
  /** Stop once this many checks have failed (--max-failures, --bail). */
  maxFailures?: number;
}

/** A promise that settles when the run is asked to stop; never, without a stop. */
export function whenStopped(stop: RunStop | undefined): Promise<void> {
  const signal = stop?.controller.signal;
  if (!signal) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

/** The reason a stopped run carries, or undefined while it runs on. */
export function stopReason(stop: RunStop | undefined): StopReason | undefined {
  const signal = stop?.controller.signal;
  return signal?.aborted ? (signal.reason as StopReason) : undefined;
}

/**
 * Counts failed checks as their results come in, and stops the run at --max-failures. A check
 * fails its test only on a verdict of fail (a MUST clause broken) or a harness error.
 */
export function failureCounter(stop: RunStop | undefined): (testCase: TestCase) => void {
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
