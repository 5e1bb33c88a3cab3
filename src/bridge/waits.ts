import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RetryWaits } from '../http/throttle.ts';

// Beside the run's exchange log: the suites' worker writes, the main process reads.
const waitsFile = (exchangeLog: string) => join(dirname(exchangeLog), 'waits.json');

/** Records the run's waits so far (the totals: a later call replaces an earlier one). */
export function saveWaits(exchangeLog: string, waits: RetryWaits): void {
  writeFileSync(waitsFile(exchangeLog), JSON.stringify(waits));
}

/** The run's waits as last recorded; none when nothing was recorded. */
export function readWaits(exchangeLog: string): RetryWaits {
  const file = waitsFile(exchangeLog);
  if (!existsSync(file)) return { waitedOut: 0, waitedMs: 0 };
  const { waitedOut = 0, waitedMs = 0 } = JSON.parse(readFileSync(file, 'utf8')) as RetryWaits;
  return { waitedOut, waitedMs };
}
