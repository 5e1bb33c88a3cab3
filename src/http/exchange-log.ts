import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { type Exchange, forRecord } from './exchange.ts';

/** Appends one exchange (as recorded: long bodies cut) as a line of JSON: the suites' worker writes, the main process reads. */
export function appendExchange(path: string, exchange: Exchange): void {
  appendFileSync(path, `${JSON.stringify(forRecord(exchange))}\n`);
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
