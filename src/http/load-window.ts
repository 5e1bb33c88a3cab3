/**
 * How many requests the target is given at once, following how it answers, as TCP's congestion
 * window does: it starts small, grows by one an answer while answers are not queued (slow
 * start), then by one a window's worth of answers; it shrinks by a quarter when answers are
 * queued (at most once a window's worth of answers), and by half when a request runs out of time
 * or the target answers 429 or 503 (overloaded). The ceiling is --concurrency.
 *
 * An answer is queued when its route answers markedly slower with as many requests in flight as
 * it had than with fewer: latency that grows with the load, as gradient concurrency limiters
 * read it. Comparing with the route's fastest answer instead would read a target whose latency
 * merely varies (50 to 300 ms, served in parallel) as queueing, and starve it at one request at
 * a time. A fast target soon has the ceiling; one that serves a request at a time is given
 * about two, so nothing waits at it long enough to time out, and its latency is its own, not the
 * queue the harness built.
 */
export class LoadWindow {
  private limit: number;
  private slowStart = true;
  private answersSinceCut = 0;
  /** Per route, the latency at each load level (see levelOf). */
  private readonly latency = new Map<string, Map<number, Mean>>();
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

  /** An answer to a request on `route`, sent with `load` requests in flight (itself included), came after `ms`. */
  answered(route: string, ms: number, load = 1): void {
    const levels = this.latency.get(route) ?? new Map<number, Mean>();
    this.latency.set(route, levels);
    const level = levelOf(load);
    const here = levels.get(level) ?? new Mean();
    levels.set(level, here.add(ms));
    this.answersSinceCut++;
    if (!queued(levels, level, here)) {
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

/** A moving mean of latencies: recent answers weigh most, one outlier does not decide. */
class Mean {
  count = 0;
  value = 0;

  add(ms: number): this {
    this.count++;
    this.value += Math.max(0.1, 1 / this.count) * (ms - this.value);
    return this;
  }
}

/** Load levels double: 1, 2-3, 4-7, 8-15, ... requests in flight. */
function levelOf(load: number): number {
  return Math.floor(Math.log2(Math.max(1, load)));
}

/**
 * True when the route answers at this level markedly slower than at the fastest lower level it
 * was seen at: half again as slow, and 20 ms more (a loopback target answers in a millisecond,
 * its jitter tens of them). Judged from two answers at the level: one may be an outlier. A target
 * that serves one request at a time answers two in twice the time of one: queued.
 */
function queued(levels: Map<number, Mean>, level: number, here: Mean): boolean {
  if (here.count < 2) return false;
  const lower = [...levels].filter(([l]) => l < level).map(([, mean]) => mean);
  // A mean of a few answers is as noisy as an answer: the lowest of several such is too low.
  const settled = lower.filter((mean) => mean.count >= 3);
  const unloaded = Math.min(...(settled.length > 0 ? settled : lower).map((mean) => mean.value));
  return here.value > 1.5 * unloaded + 20;
}
