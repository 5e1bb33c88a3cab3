import { plural } from '../base/plural.ts';
import type { OperationName } from '../contract/contract.ts';
import { type Exchange, requestPath } from '../http/exchange.ts';
import type { RetryWaits } from '../http/throttle.ts';

export interface Latency {
  requests: number;
  medianMs: number;
  p95Ms: number;
  /**
   * The samples are of requests sent with at most this many in flight to the target (itself
   * included): the lowest load that gave enough of them. Absent when loads were not recorded.
   */
  inFlightAtMost?: number;
}

/** Samples an operation's latency needs before a higher load is let into them. */
const ENOUGH_SAMPLES = 20;

/** The operation a request was for, from its method and path; undefined for anything else. */
export function operationOf(ex: Exchange): OperationName | undefined {
  const path = requestPath(ex).replace(/\/+$/, '');
  if (/\/pets$/.test(path))
    return ex.request.method === 'POST'
      ? 'createPet'
      : ex.request.method === 'GET'
        ? 'listPets'
        : undefined;
  return /\/pets\/[^/]+$/.test(path) && ex.request.method === 'GET' ? 'getPet' : undefined;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * The answers of the lowest load that gives enough of them: with many requests in flight a
 * target queues them, and their time would be the harness's load, not the service's latency.
 */
function leastLoaded(answers: readonly Exchange[]): { times: number[]; inFlightAtMost?: number } {
  if (answers.some((ex) => ex.load === undefined))
    return { times: answers.map((ex) => ex.durationMs) };
  const loads = [...new Set(answers.map((ex) => ex.load as number))].sort((a, b) => a - b);
  const enough = Math.min(ENOUGH_SAMPLES, answers.length);
  for (const load of loads) {
    const times = answers.filter((ex) => (ex.load as number) <= load).map((ex) => ex.durationMs);
    if (times.length >= enough) return { times, inFlightAtMost: load };
  }
  return { times: answers.map((ex) => ex.durationMs) };
}

/** Median and 95th percentile of answered requests, per operation, at the lowest load measured. */
export function latencyByOperation(
  exchanges: readonly Exchange[],
): Partial<Record<OperationName, Latency>> {
  const byOp = new Map<OperationName, Exchange[]>();
  for (const ex of exchanges) {
    const op = operationOf(ex);
    if (op && ex.response) byOp.set(op, [...(byOp.get(op) ?? []), ex]);
  }
  const out: Partial<Record<OperationName, Latency>> = {};
  for (const [op, answers] of byOp) {
    const { times, inFlightAtMost } = leastLoaded(answers);
    const sorted = times.sort((a, b) => a - b);
    out[op] = {
      requests: sorted.length,
      medianMs: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      ...(inFlightAtMost === undefined ? {} : { inFlightAtMost }),
    };
  }
  return out;
}

/** Pets this run created: every 201 to POST /pets (the contract has no delete). */
export const createdPets = (exchanges: readonly Exchange[]) =>
  exchanges.filter((ex) => operationOf(ex) === 'createPet' && ex.response?.status === 201).length;

/**
 * `3 answers 429 or 503 waited out (Retry-After), 4.2 s spent waiting`, or undefined when the target
 * asked for no patience: time a rate limit took is not the target's latency, so it is said apart.
 */
export function retryWaitsLine(waits: RetryWaits | undefined): string | undefined {
  if (!waits?.waitedOut) return undefined;
  const seconds = (waits.waitedMs / 1000).toFixed(1);
  return `${plural(waits.waitedOut, 'answer')} 429 or 503 waited out (Retry-After), ${seconds} s spent waiting`;
}
