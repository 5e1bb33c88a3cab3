import { plural } from '../base/plural.ts';
import type { Progress } from '../bridge/control.ts';

/**
 * Live progress on a terminal only: never in CI logs (CI, GITHUB_ACTIONS), pipes or a dumb
 * terminal, where a redrawn line is noise. PETSTORE_PROGRESS=0 turns it off on a terminal too.
 */
export function liveProgress(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (!isTTY || env.CI || env.GITHUB_ACTIONS === 'true' || env.TERM === 'dumb') return false;
  return env.PETSTORE_PROGRESS !== '0';
}

/** `[37/79] checks, 812 requests · LIST-LIMIT-RANGE (+3 more)`, cut to the terminal's width. */
export function progressText(p: Progress, columns: number): string {
  const [first, ...rest] = p.running;
  const under = first ? ` · ${first}${rest.length ? ` (+${rest.length} more)` : ''}` : '';
  const text = `[${p.done}/${p.total}] checks, ${plural(p.requests, 'request')}${under}`;
  return text.length < columns ? text : `${text.slice(0, Math.max(0, columns - 2))}…`;
}

const ERASE = '\r\u001b[2K';
/** Redraws at most this often: a run ends dozens of checks a second. */
const EVERY_MS = 100;

/**
 * One line at the bottom of the terminal that is redrawn in place; the lines printed above it
 * stay. Printing clears it first and draws it again after.
 */
export class StatusLine {
  private text = '';
  private drawnAt = 0;

  constructor(private readonly out: NodeJS.WriteStream) {}

  show(progress: Progress): void {
    const now = Date.now();
    if (now - this.drawnAt < EVERY_MS && progress.done < progress.total) return;
    this.drawnAt = now;
    this.text = progressText(progress, this.out.columns || 80);
    this.out.write(`${ERASE}${this.text}`);
  }

  /** Writes `text` (whole lines) above the status line. */
  above(text: string): void {
    this.out.write(this.text ? `${ERASE}${text}${this.text}` : text);
  }

  /** Leaves the terminal as if the status line had never been there. */
  end(): void {
    if (this.text) this.out.write(ERASE);
    this.text = '';
  }
}
