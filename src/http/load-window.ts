/**
 * How many requests the target is given at once, following how it answers, as TCP's congestion
 * window does: it starts small, grows by one an answer while answers come as fast as the route's
 * best (slow start), then by one a window's worth of answers; it shrinks by a quarter when an
 * answer takes markedly longer than the route's best (at most once a window's worth of answers),
 * and by half when a request runs out of time or the target answers 429 or 503 (overloaded). The
 * ceiling is --concurrency. A fast target soon
 * has the ceiling; one that serves a request at a time is given about two, so nothing waits at
 * it long enough to time out, and its latency is its own, not the queue the harness built.
 */
export class LoadWindow {
  private limit: number;
  private slowStart = true;
  private answersSinceCut = 0;
  private readonly best = new Map<string, number>();
  /** How far the window may grow: the ceiling, until the target says it is overloaded. */
  private cap: number;

  constructor(
    readonly ceiling: number,
    start = 2,
  ) {
    this.limit = Math.min(start, ceiling);
    this.cap = ceiling;
  }

  /** Requests that may be in flight now. */
  get size(): number {
    return Math.max(1, Math.floor(this.limit));
  }

  /** An answer to a request on `route` came after `ms`. */
  answered(route: string, ms: number): void {
    const best = Math.min(this.best.get(route) ?? Number.POSITIVE_INFINITY, ms);
    this.best.set(route, best);
    this.answersSinceCut++;
    if (ms <= nearBest(best)) {
      this.limit = Math.min(this.cap, this.limit + (this.slowStart ? 1 : 1 / this.limit));
    } else if (this.answersSinceCut >= this.size) {
      this.cut(0.75);
    }
  }

  /** A request ran out of time: the target had more than it could answer in time. */
  timedOut(): void {
    this.cut(0.5);
  }

  /**
   * The target said it has more than it can take (429, or 503 shedding load): halved, at most
   * once a window's worth of answers, since a burst of such answers tells of one overload; and
   * it grows no more past three quarters of where it was, since probing past a limit the target
   * states costs a Retry-After's wait each time.
   */
  overloaded(): void {
    if (!this.slowStart && this.answersSinceCut < this.size) {
      this.answersSinceCut++;
      return;
    }
    this.cap = Math.max(1, Math.floor(this.limit * 0.75));
    this.cut(0.5);
  }

  private cut(factor: number): void {
    this.slowStart = false;
    this.limit = Math.max(1, this.limit * factor);
    this.answersSinceCut = 0;
  }
}

/**
 * How long an answer may take and still count as unqueued: half again the route's best, and
 * 20 ms more (a loopback target's best is a millisecond, its jitter tens of them). A target that
 * serves one request at a time answers the second of two in twice its best: past this, so it
 * is given one at a time, and its latency is measured unqueued.
 */
function nearBest(best: number): number {
  return 1.5 * best + 20;
}
