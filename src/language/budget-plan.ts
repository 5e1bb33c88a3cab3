import type { Spend } from '../http/throttle.ts';

/** Requests kept back for each check still to run: enough for all but the largest fixed checks. */
export const RESERVE_PER_CHECK = 4;

/**
 * How a request budget is shared among the checks of a run (they run one at a time under a
 * budget, in the suites' order). First the fewest requests that judge every clause: each check
 * still to run keeps RESERVE_PER_CHECK back; then depth with what is left: a check may spend
 * the rest, and a property or a list of inputs stops taking more inputs once its share is
 * spent, and is judged on the inputs it did send. Without a plan, a budget went to the first
 * checks' inputs, and the last clauses (the sunset among them) were never judged.
 */
export class BudgetPlan {
  private registered = 0;
  private started = 0;

  constructor(
    private readonly spend: Spend,
    private readonly maxRequests: number,
  ) {}

  /** A check of the run that will ask for its share. */
  register(): void {
    this.registered++;
  }

  /** A check starts: the requests it may send in all. */
  start(): number {
    this.started++;
    const after = Math.max(0, this.registered - this.started);
    const left = this.maxRequests - this.spend.sent;
    return Math.max(RESERVE_PER_CHECK, left - after * RESERVE_PER_CHECK);
  }
}

/**
 * Whether a check that has sent `sent` requests of its `share`, and needed at most `perInput`
 * for an input, may take one more input. The first input is always taken: a check that judges
 * nothing gives away its clause.
 */
export function roomForAnother(sent: number, share: number, perInput: number, taken: number) {
  return taken === 0 || sent + perInput <= share;
}
