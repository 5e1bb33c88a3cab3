import { appendFileSync, createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Egress } from '../http/egress.ts';
import { type Exchange, RecordBudget } from '../http/exchange.ts';
import type { RetryWaits } from '../http/throttle.ts';

/**
 * The run's log: the one file through which the suites' worker hands the engine what is not a
 * check's verdict (those travel in vitest's task.meta). A JSON line per exchange, as it passed
 * the egress, and the 429 waits last (a line `{"waits": ...}`, the totals).
 */

/** Characters of bodies one run's log keeps in all (see RecordBudget). */
export const LOG_BODY_CHARS = 4 * 1024 * 1024;

interface Log {
  // Lines waiting to be written: a write per exchange cost more than the JSON itself.
  pending: string[];
  budget: RecordBudget;
}

const logs = new Map<string, Log>();
const FLUSH_EVERY = 100;

function logAt(path: string): Log {
  let log = logs.get(path);
  if (!log) {
    log = { pending: [], budget: new RecordBudget(LOG_BODY_CHARS) };
    logs.set(path, log);
  }
  return log;
}

/**
 * Appends one exchange as a line of JSON, through the egress and with its bodies cut to what the
 * run's budget allows. Lines are written in batches; closeRunLog writes the rest.
 */
export function appendExchange(path: string, exchange: Exchange, egress: Egress): void {
  const log = logAt(path);
  log.pending.push(JSON.stringify(egress.exchange(exchange, log.budget)));
  if (log.pending.length >= FLUSH_EVERY) flush(path);
}

function flush(path: string): void {
  const log = logs.get(path);
  if (!log?.pending.length) return;
  appendFileSync(path, `${log.pending.join('\n')}\n`);
  log.pending = [];
}

/** Writes the lines still waiting, and the run's 429 waits so far (the last such line counts). */
export function closeRunLog(path: string, waits: RetryWaits): void {
  logAt(path).pending.push(JSON.stringify({ waits }));
  flush(path);
}

/** What the engine reads back of a run. */
export interface RunLog {
  /** Every exchange, in the order they were sent (they are appended as they complete). */
  exchanges: Exchange[];
  waits: RetryWaits;
}

/** Reads a run's log line by line: it is never held whole as one string. */
export async function readRunLog(path: string): Promise<RunLog> {
  const exchanges: Exchange[] = [];
  let waits: RetryWaits = { waitedOut: 0, waitedMs: 0 };
  if (!existsSync(path)) return { exchanges, waits };
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const record = JSON.parse(line) as Exchange | { waits: RetryWaits };
    if ('waits' in record) waits = record.waits;
    else exchanges.push(record);
  }
  return { exchanges: exchanges.sort((a, b) => a.seq - b.seq), waits };
}
