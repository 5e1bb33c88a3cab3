import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { type Exchange, forRecord } from './exchange.ts';

// Lines waiting to be written, per log: a write per exchange cost more than the JSON itself.
const pending = new Map<string, string[]>();
const FLUSH_EVERY = 100;

/**
 * Appends one exchange (as recorded: long bodies cut) as a line of JSON: the suites' worker
 * writes, the main process reads. Lines are written in batches; flushExchanges writes the rest.
 */
export function appendExchange(path: string, exchange: Exchange): void {
  const lines = pending.get(path) ?? [];
  pending.set(path, lines);
  lines.push(JSON.stringify(forRecord(exchange)));
  if (lines.length >= FLUSH_EVERY) flushExchanges(path);
}

/** Writes the lines still waiting for `path`. */
export function flushExchanges(path: string): void {
  const lines = pending.get(path);
  if (!lines?.length) return;
  appendFileSync(path, `${lines.join('\n')}\n`);
  pending.delete(path);
}

/** Every exchange of a run, in the order they were sent (they are appended as they complete). */
export function readExchanges(path: string): Exchange[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Exchange)
    .sort((a, b) => a.seq - b.seq);
}
