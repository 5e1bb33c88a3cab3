import type { PhaseTimes } from '../base/stopwatch.ts';
import type { CheckMeta } from '../bridge/context.ts';
import { checkTiming } from '../bridge/timings.ts';
import type { CheckDef, Judgement, NotJudged } from '../checks/types.ts';
import {
  precondition,
  skip as skipped,
  TARGET_CAUSED,
  type UnjudgedCode,
  unjudged,
  unreadJudgement,
} from '../checks/types.ts';
import { UNSOLICITED } from '../http/client.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import { BUDGET_SPENT, OUT_OF_TIME, UNRESPONSIVE } from '../http/throttle.ts';

/** How many exchanges a failing check keeps as evidence when it names none itself. */
const MAX_EVIDENCE = 5;

/** Thrown to fail a test when the target broke a MUST clause: a verdict, not a harness bug. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

/** Why a request went unsent, as the code of the check it leaves unjudged. */
const REFUSALS: Readonly<Record<string, UnjudgedCode>> = {
  [UNRESPONSIVE]: 'target-unresponsive',
  [BUDGET_SPENT]: 'budget',
  [OUT_OF_TIME]: 'out-of-time',
};

/** What happened on the wire that decides before the check's own judgement, if anything. */
function wireOutcome(
  recorded: Exchange[],
  unanswered: Exchange | undefined,
): Judgement | undefined {
  if (unanswered) {
    const { method, url } = unanswered.request;
    return {
      verdict: 'fail',
      code: 'no-answer',
      message: `${unanswered.error?.message} to ${method} ${url}`,
      evidence: [unanswered],
    };
  }
  for (const ex of recorded) {
    const code = REFUSALS[ex.error?.code ?? ''];
    if (code) return unjudged(code, `${ex.error?.message} before this check could finish`);
  }
  // The harness could not read an answer: nothing was judged, the target broke no clause.
  const unread = recorded.find((ex) => ex.error?.code === UNSOLICITED);
  if (unread) return unreadJudgement(unread);
  return undefined;
}

/**
 * The one place a check's verdict is decided, from its own judgement and what happened on the
 * wire: a hang fails at any level (the contract promises an answer); a request held back by
 * the run's limits leaves the check unjudged; a MUST check the target itself left unjudged (it
 * hung, failed or stopped answering, here or in the set-up the check needed) has failed; below
 * MUST a failure is a warning. `setUpTrouble` is the run's set-up trouble, which turns a check
 * that found nothing to judge into one the target left unjudged.
 */
export function settle(
  def: CheckDef,
  judged: Judgement,
  recorded: Exchange[] = [],
  unanswered?: Exchange,
  setUpTrouble?: NotJudged,
  rfcMusts: 'fail' | 'warn' = 'warn',
): Judgement {
  let outcome = wireOutcome(recorded, unanswered) ?? judged;
  if (outcome.verdict === 'skip' && setUpTrouble && outcome.code === 'precondition')
    outcome = unjudged(setUpTrouble.code, `${outcome.message}: ${setUpTrouble.message}`);
  // An RFC's MUST fails where a vendor certifies, and warns elsewhere: an RFC-level check's,
  // and a MUST check's failure that rests on an RFC alone (judged.rfc).
  const rfcOnly = outcome === judged && judged.rfc !== undefined;
  const failing =
    (def.level === 'MUST' && !rfcOnly) || ((def.level === 'RFC' || rfcOnly) && rfcMusts === 'fail');
  if (outcome.verdict === 'unjudged' && TARGET_CAUSED.includes(outcome.code as UnjudgedCode))
    return failing ? { ...outcome, verdict: 'fail', message: notJudgedBy(outcome) } : outcome;
  return outcome.verdict === 'fail' && !failing ? { ...outcome, verdict: 'warn' } : outcome;
}

function notJudgedBy(outcome: Judgement): string {
  return `not judged, the target's doing: ${outcome.message}`;
}

/** A reason a check cannot run: a plain text does not apply; a NotJudged the run could not judge. */
export type SkipReason = string | NotJudged;

/** The judgement a reason not to run stands for. */
export function notRun(reason: SkipReason): Judgement {
  if (typeof reason === 'string') return skipped(reason);
  return reason.code === 'precondition'
    ? precondition(reason.message)
    : unjudged(reason.code, reason.message);
}

/** What the reporter is told of a settled check: its verdict, evidence and cost. */
export function checkMeta(
  def: CheckDef,
  judgement: Judgement,
  recorded: Exchange[],
  spent?: PhaseTimes,
): CheckMeta {
  // A request the run never sent shows nothing, and its curl line would send nothing real.
  const sent = recorded.filter((ex) => !REFUSALS[ex.error?.code ?? '']);
  const evidence =
    judgement.verdict === 'pass' ? [] : (judgement.evidence ?? sent.slice(-MAX_EVIDENCE));
  return {
    id: def.id,
    verdict: judgement.verdict,
    message: judgement.message,
    exchanges: evidence.map((ex) => forRecord(ex)),
    requests: recorded.length,
    ...(spent ? { timing: checkTiming(spent, recorded) } : {}),
    ...(judgement.counterexample ? { counterexample: judgement.counterexample } : {}),
    ...(judgement.code ? { code: judgement.code } : {}),
    ...(judgement.problem ? { problem: judgement.problem } : {}),
    ...(judgement.dimensions ? { dimensions: judgement.dimensions } : {}),
    ...(judgement.covered ? { covered: judgement.covered } : {}),
  };
}
