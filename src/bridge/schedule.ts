import type { Limits } from '../http/throttle.ts';

/** Checks at once when the run sets no cap on requests in flight. */
const UNCAPPED = 64;

/**
 * How many checks of a run may be under way at once. As many as requests may be in flight
 * (the throttle keeps to that cap whatever the checks ask; more checks would only wait longer
 * each). One at a time with a request budget: which checks it reaches must follow the
 * suites' order, not which check happened to ask first.
 */
export function checksAtOnce(limits: Limits): number {
  if (limits.maxRequests !== undefined) return 1;
  return Math.max(1, limits.concurrency ?? UNCAPPED);
}
