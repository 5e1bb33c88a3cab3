import type { CheckDef, Judgement } from '../checks/types.ts';
import { fail, skip as skipped } from '../checks/types.ts';
import { UNSOLICITED } from '../http/client.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import { isRefusal } from '../http/throttle.ts';
import type { PhaseTimes } from '../stopwatch.ts';
import type { CheckMeta } from './context.ts';
import { checkTiming } from './timings.ts';

/** How many exchanges a failing check keeps as evidence when it names none itself. */
const MAX_EVIDENCE = 5;

/** Thrown to fail a test when the target broke a MUST clause: a verdict, not a harness bug. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

/**
 * The verdict of a check from its own judgement and what happened on the wire: a hang fails at
 * any level (the contract promises an answer); a request the throttle held back leaves the check
 * unjudged; otherwise only MUST clauses fail the run and anything else is a warning.
 */
export function settle(
  def: CheckDef,
  judged: Judgement,
  recorded: Exchange[],
  unanswered: Exchange | undefined,
): Judgement {
  if (unanswered) {
    const { method, url } = unanswered.request;
    return fail(`${unanswered.error?.message} to ${method} ${url}`, [unanswered]);
  }
  const refused = recorded.find(isRefusal);
  if (refused) return skipped(`${refused.error?.message} before this check could finish`);
  // The harness could not read an answer: nothing was judged, the target broke no clause.
  const unread = recorded.find((ex) => ex.error?.code === UNSOLICITED);
  if (unread) return skipped(`not judged: ${unread.error?.message}`);
  return judged.verdict === 'fail' && def.level !== 'MUST'
    ? { ...judged, verdict: 'warn' }
    : judged;
}

/** What the reporter is told of a settled check: its verdict, evidence and cost. */
export function checkMeta(
  def: CheckDef,
  judgement: Judgement,
  recorded: Exchange[],
  spent: PhaseTimes,
): CheckMeta {
  const evidence =
    judgement.verdict === 'pass' ? [] : (judgement.evidence ?? recorded.slice(-MAX_EVIDENCE));
  return {
    id: def.id,
    verdict: judgement.verdict,
    message: judgement.message,
    exchanges: evidence.map((ex) => forRecord(ex)),
    requests: recorded.length,
    timing: checkTiming(spent, recorded),
    ...(judgement.counterexample ? { counterexample: judgement.counterexample } : {}),
    ...(judgement.unjudged ? { unjudged: true } : {}),
  };
}

/** What the reporter is told of a check that did not run. */
export function skippedMeta(def: CheckDef, reason: string): CheckMeta {
  return { id: def.id, verdict: 'skip', message: reason, exchanges: [], requests: 0 };
}
