import type { OperationName } from '../contract/contract.ts';
import { BODY_CUT_OFF, UNSOLICITED } from '../http/client.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import { Finding, type ProblemData, problemData, TOO_LARGE } from './finding.ts';
import { limitCode, openLimitAnswer, openLimitReason } from './open-limits.ts';
import type { DimensionCount } from './request-space.ts';

/**
 * MUST fails the run; SHOULD and MAY (behaviour the contract leaves open) only warn. RFC is a MUST
 * of an RFC the contract brings in without writing it out (WWW-Authenticate on a 401): it fails a
 * run of the certify profile and warns in the others.
 */
export type Level = 'MUST' | 'SHOULD' | 'MAY' | 'RFC';

/** Where in the contract a check's promise is written: a section and a short quote. */
export interface Clause {
  /** Stable id of the clause, e.g. `auth401`. */
  id: string;
  section: string;
  quote: string;
}

/** What the catalog knows of a check: everything but how it judges. */
export interface CheckDef {
  /** Stable id, e.g. `LIST-LIMIT-MAX`. Never reused for another meaning. */
  id: string;
  /** The assertion in one line, e.g. `GET /pets without Authorization -> 401 Error`. */
  title: string;
  operation: OperationName | 'all';
  clause: Clause;
  level: Level;
  /** True when running it sends a POST (the read-only probe profile skips these). */
  writes: boolean;
  /** For an RFC-level check: the RFC clauses behind it, e.g. `RFC 9110 15.5.2; RFC 6750 3`. */
  rfc?: string;
}

/**
 * What became of a check, ranked as the OCI conformance suite ranks its result tree (a run
 * takes the worst of its checks): `skip`, it does not apply (not selected, past the sunset, a
 * precondition the contract leaves free); `pass`; `warn`, behaviour the contract leaves open or
 * a SHOULD; `unjudged`, it applied but the run could not judge it (a limit the contract leaves
 * open, the run's own budget); `fail`, the target broke a clause; `error`, the harness itself
 * failed: never shown as the target's failure.
 */
export type Outcome = 'skip' | 'pass' | 'warn' | 'unjudged' | 'fail' | 'error';
export const OUTCOMES: readonly Outcome[] = ['skip', 'pass', 'warn', 'unjudged', 'fail', 'error'];
/** The worse of two outcomes. */
export const worse = (a: Outcome, b: Outcome): Outcome =>
  OUTCOMES.indexOf(b) > OUTCOMES.indexOf(a) ? b : a;

/**
 * Why a check was not judged, as data: `target-unresponsive`, `target-error` and
 * `target-refused` are the target's doing (a MUST clause left unjudged so is its failure), and
 * so is `target-found-every-id`: getPet answered a pet for every id tried, across int64, so no
 * 404 could be judged;
 * `budget`, `out-of-time` and `open-limit` are limits (the run's own, or the contract's open
 * ones); `unsolicited`, an answer the HTTP client cannot read; `too-large`, an answer
 * whose body ended past the harness's cap (not held, so not judged); `precondition`, nothing to judge.
 */
export type UnjudgedCode =
  | 'target-unresponsive'
  | 'target-error'
  | 'target-refused'
  | 'target-found-every-id'
  | 'budget'
  | 'out-of-time'
  | 'open-limit'
  | 'rate-limited'
  | 'unsolicited'
  | 'too-large'
  | 'precondition';

/** The codes that put the blame on the target. */
export const TARGET_CAUSED: readonly UnjudgedCode[] = [
  'target-unresponsive',
  'target-error',
  'target-refused',
  'target-found-every-id',
];

/** Why a check was not judged: its code and the message rendered from it. */
export interface NotJudged {
  code: UnjudgedCode;
  message: string;
}

/** The minimal failing input found by fast-check, and how to replay it. */
export interface Counterexample {
  /** The minimal failing input, as fast-check prints it. */
  input: string;
  /** The run's --seed, which replays the whole run. */
  seed: number;
  /** fast-check's own seed and path for this property, to replay it alone. */
  propertySeed: number;
  path: string;
  numRuns: number;
  /** Why shrinking stopped before the minimal input, when its budget ran out. */
  shrinkCutShort?: string;
}

/** A check's verdict on what it observed. */
export interface Judgement {
  verdict: Outcome;
  message: string;
  /** The exchanges that show the verdict; when absent, the test's recorded exchanges are used. */
  evidence?: Exchange[];
  counterexample?: Counterexample;
  /**
   * A code for the kind of result, for grouping causes and for what follows from it: why a
   * check was unjudged (an UnjudgedCode), or what a failure was (`status-mismatch`, ...).
   */
  code?: string;
  /** What a failure found, as data: its code, the values that make it, and its text. */
  problem?: ProblemData;
  /** The request space a run covered, cell by cell (EVERY-ANSWER's, for report.json). */
  dimensions?: readonly DimensionCount[];
  /** What the check exercised, counted by kind (e.g. requests per equivalence relation). */
  covered?: Record<string, number>;
  /**
   * On a failure that rests on an RFC's rule alone, one the contract brings in without writing
   * it out (the RFC clauses, e.g. `RFC 9110 11.1`): it fails where a vendor certifies and warns
   * elsewhere, as an RFC-level check does, though its check is a MUST.
   */
  rfc?: string;
}

/** Whether a judgement speaks to its check's clause: pass, warn or fail. */
export const judgesClause = (j: { verdict: Outcome }): boolean =>
  j.verdict === 'pass' || j.verdict === 'warn' || j.verdict === 'fail';

/** A check: its catalog entry and a small function that judges one observation. */
export interface Check<Observation = Exchange> extends CheckDef {
  judge(observation: Observation): Judgement;
}

export const pass = (message: string): Judgement => ({ verdict: 'pass', message });

/**
 * Evidence as a judgement keeps it: each exchange as the records keep it (bodies cut), so a check
 * whose hundred inputs each warn on a 4 MiB answer holds kilobytes, not the answers, until it ends.
 */
const kept = (evidence: Exchange[]): Exchange[] => evidence.map((ex) => forRecord(ex));
/**
 * A failure shown by `evidence`; unjudged when the evidence holds a 413 or 429 Error, limits
 * the contract leaves open (so no property shrinks, nor a run fails, for them).
 */
export const fail = (
  problem: Finding | string,
  evidence?: Exchange[],
  around: Around = {},
): Judgement => {
  const limited = !around.limitIsTheFault && evidence && openLimitAnswer(evidence);
  if (limited) return limitWarning(limited, evidence);
  // An answer the HTTP client could not read (an interim 100 it was not told of) judges nothing.
  const unread = evidence?.find((ex) => ex.error?.code === UNSOLICITED);
  if (unread) return unreadJudgement(unread, evidence);
  // A large body cut off before any answer: a size limit's answer may have been lost under it.
  const cut = evidence?.find((ex) => ex.error?.code === BODY_CUT_OFF);
  if (cut) return unjudged('open-limit', `not judged: ${cut.error?.message}`, evidence);
  // A body that ended past the cap was not held: nothing in it was judged, right or wrong.
  if (problem instanceof Finding && problem.code === TOO_LARGE)
    return unjudged('too-large', problem.text, evidence);
  const message = `${around.before ?? ''}${problem}${around.after ?? ''}`;
  return {
    verdict: 'fail',
    message,
    ...(problem instanceof Finding ? { code: problem.code, problem: problemData(problem) } : {}),
    ...(evidence ? { evidence: kept(evidence) } : {}),
  };
};

/** The words a message puts around a finding: what was sent before it, more detail after. */
export interface Around {
  before?: string;
  after?: string;
  /** The 413 or 429 in the evidence is the failure itself: a refusal no limit explains. */
  limitIsTheFault?: true;
}

/** A finding about the request `label` names: `<label>: <lead><finding><after>`. */
export const about = (label: string, after?: string, lead = ''): Around => ({
  before: `${label}: ${lead}`,
  ...(after ? { after } : {}),
});
export const warn = (message: string, evidence?: Exchange[]): Judgement => ({
  verdict: 'warn',
  message,
  ...(evidence ? { evidence: kept(evidence) } : {}),
});

/**
 * The warning for an answer the contract names no status for (a 422 to an out-of-range limit):
 * sane, and judged; unless it is a 413 or 429 Error, a limit, which judges nothing.
 */
export const warnOf = (message: string, ex: Exchange): Judgement => {
  const limited = openLimitAnswer([ex]);
  return limited ? limitWarning(limited, [ex]) : warn(message, [ex]);
};

function limitWarning(limited: Exchange, evidence: Exchange[]): Judgement {
  return {
    verdict: 'unjudged',
    code: limitCode(limited),
    message: openLimitReason(limited),
    evidence: kept(evidence),
  };
}

export const skip = (message: string): Judgement => ({ verdict: 'skip', message });
/**
 * Nothing to judge for want of what the run's set-up should have made (pets to list, a pet to
 * fetch): a skip on a store that holds too little, unjudged where the set-up met trouble.
 */
export const precondition = (message: string): Judgement => ({
  verdict: 'skip',
  code: 'precondition',
  message,
});
/** Nothing judged: the HTTP client could not read `unread`'s answer (an interim 1xx). */
export const unreadJudgement = (unread: Exchange, evidence?: Exchange[]): Judgement =>
  unjudged('unsolicited', `not judged: ${unread.error?.message}`, evidence);

/** A check that applied but could not be judged, and why. */
export const unjudged = (
  code: UnjudgedCode,
  message: string,
  evidence?: Exchange[],
): Judgement => ({
  verdict: 'unjudged',
  code,
  message,
  ...(evidence ? { evidence: kept(evidence) } : {}),
});

/** `fail` with the problem when there is one, else `pass` with the message given. */
export function judged(
  problem: Finding | string | undefined,
  passMessage: string,
  ex?: Exchange,
): Judgement {
  return problem === undefined ? pass(passMessage) : fail(problem, ex ? [ex] : undefined);
}
