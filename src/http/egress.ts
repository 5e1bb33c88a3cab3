import {
  CUT_MARGIN,
  type Exchange,
  forRecord,
  RECORD_BODY_CHARS,
  type RecordBudget,
} from './exchange.ts';
import { type Redactor, redactExchange } from './redaction.ts';

/** Characters a message from the wire keeps once redacted: a line, not megabytes. */
export const MESSAGE_CHARS = 2000;

/** Characters a console line keeps (a curl line with a body included). */
export const LINE_CHARS = 4000;

/** `text` cut to `max` characters, saying how many were left out. */
export function bounded(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/**
 * The one door out of the harness: whatever leaves it for any output (console, reports, the
 * run's log, HAR) passes here and is redacted here, and nowhere else. Each text is redacted
 * whole, and only then cut to its size, so a cut never leaves part of a key behind.
 */
export class Egress {
  constructor(private readonly redact: Redactor) {}

  /** A message that may quote the wire: redacted, then bounded. */
  message(text: string, max = MESSAGE_CHARS): string {
    return bounded(this.redact(text), max);
  }

  /** A line for the console. */
  line(text: string): string {
    return bounded(this.redact(text), LINE_CHARS);
  }

  /** Data that may hold text from the wire (a finding's data): every string in it, redacted and bounded. */
  data<T>(value: T): T {
    if (typeof value === 'string') return this.message(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.data(v)) as T;
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [this.message(k), this.data(v)]),
    ) as T;
  }

  /**
   * An exchange as records keep it: its texts redacted whole (as much of each body as the
   * records keep, and CUT_MARGIN more), then its bodies cut to what `budget` allows.
   */
  exchange(ex: Exchange, budget?: RecordBudget): Exchange {
    const allowance = budget?.allowance() ?? RECORD_BODY_CHARS;
    const redacted = redactExchange(forRecord(ex, allowance + CUT_MARGIN), this.redact);
    return forRecord(redacted, budget ?? RECORD_BODY_CHARS);
  }
}
