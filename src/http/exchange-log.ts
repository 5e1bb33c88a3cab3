import { appendFileSync, createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Egress } from './egress.ts';
import { type Exchange, RecordBudget } from './exchange.ts';

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
 * Appends one exchange as a line of JSON, redacted and with its bodies cut to what the run's
 * budget allows: the suites' worker writes, the main process reads. Lines are written in
 * batches; flushExchanges writes the rest.
 */
export function appendExchange(path: string, exchange: Exchange, egress: Egress): void {
  const log = logAt(path);
  log.pending.push(JSON.stringify(egress.exchange(exchange, log.budget)));
  if (log.pending.length >= FLUSH_EVERY) flushExchanges(path);
}

/** Writes the lines still waiting for `path`. */
export function flushExchanges(path: string): void {
  const log = logs.get(path);
  if (!log?.pending.length) return;
  appendFileSync(path, `${log.pending.join('\n')}\n`);
  log.pending = [];
}

/**
 * Every exchange of a run, in the order they were sent (they are appended as they complete).
 * Read line by line: the log is never held whole as one string.
 */
export async function readExchanges(path: string): Promise<Exchange[]> {
  if (!existsSync(path)) return [];
  const exchanges: Exchange[] = [];
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line) exchanges.push(JSON.parse(line) as Exchange);
  return exchanges.sort((a, b) => a.seq - b.seq);
}
