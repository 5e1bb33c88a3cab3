import { appendFileSync, createReadStream, existsSync } from 'node:fs';
import type { Egress } from '../http/egress.ts';
import { type Exchange, RecordBudget } from '../http/exchange.ts';
import type { RetryWaits } from '../http/throttle.ts';

/**
 * The run's log: the one file through which the suites' worker hands the engine what is not a
 * check's verdict (those travel in vitest's task.meta). A JSON line per exchange, as it passed
 * the egress, and the 429 waits last (a line `{"waits": ...}`, the totals).
 */

/**
 * Characters of bodies one run's log keeps in all (see RecordBudget): a ci run's bodies, each
 * cut at 64 KiB, come to about 3.8 million on the reference (27 November), so it keeps them
 * all, and which bodies meet a spent budget never depends on how the checks interleaved.
 */
export const LOG_BODY_CHARS = 8 * 1024 * 1024;

const FLUSH_EVERY = 100;

/** The worker's end of a run's log: one a run, held by the run (SuiteRun), not by this module. */
export class RunLogWriter {
  // Lines waiting to be written: a write per exchange cost more than the JSON itself.
  private pending: string[] = [];
  private readonly budget = new RecordBudget(LOG_BODY_CHARS);

  constructor(
    private readonly path: string,
    private readonly egress: Egress,
  ) {}

  /** One exchange, through the egress and with its bodies cut to what the run's budget allows. */
  append(exchange: Exchange): void {
    this.pending.push(JSON.stringify(this.egress.exchange(exchange, this.budget)));
    if (this.pending.length >= FLUSH_EVERY) this.flush();
  }

  /** Writes the lines still waiting, and the run's 429 waits so far (the last such line counts). */
  close(waits: RetryWaits): void {
    this.pending.push(JSON.stringify({ waits }));
    this.flush();
  }

  private flush(): void {
    if (!this.pending.length) return;
    appendFileSync(this.path, `${this.pending.join('\n')}\n`);
    this.pending = [];
  }
}

/** What the engine reads back of a run. */
export interface RunLog {
  /** Every exchange, in the order they were sent (they are appended as they complete). */
  exchanges: Exchange[];
  waits: RetryWaits;
}

/**
 * The lines of a file, split at LF alone, as the writer ends them: not node:readline, which on
 * Node 24 also splits at U+2028 and U+2029, characters a JSON string holds unescaped (a pet's
 * name may).
 */
async function* linesOf(path: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(path, 'utf8')) {
    const parts = (rest + (chunk as string)).split('\n');
    rest = parts.pop() as string;
    yield* parts;
  }
  if (rest) yield rest;
}

/** Reads a run's log line by line: it is never held whole as one string. */
export async function readRunLog(path: string): Promise<RunLog> {
  const exchanges: Exchange[] = [];
  let waits: RetryWaits = { waitedOut: 0, waitedMs: 0 };
  if (!existsSync(path)) return { exchanges, waits };
  for await (const line of linesOf(path)) {
    if (!line) continue;
    const record = JSON.parse(line) as Exchange | { waits: RetryWaits };
    if ('waits' in record) waits = record.waits;
    else exchanges.push(record);
  }
  return { exchanges: exchanges.sort((a, b) => a.seq - b.seq), waits };
}
