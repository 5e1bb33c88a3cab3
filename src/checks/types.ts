import type { OperationName } from '../contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { openLimitAnswer, openLimitReason } from './open-limits.ts';

/** MUST fails the run; SHOULD and MAY (behaviour the contract leaves open) only warn. */
export type Level = 'MUST' | 'SHOULD' | 'MAY';

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
}

/** `skip`: the check could not be judged (a precondition failed, or it does not apply). */
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

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
   * A warning that the target hit a limit the contract leaves open (a 413 or 429 Error) where
   * the check would have judged: its clause was not judged, and coverage does not count it.
   */
  unjudged?: true;
}

/** Whether a judgement speaks to its check's clause: a verdict, and not an open limit's warning. */
export const judgesClause = (j: { verdict: Outcome; unjudged?: true }): boolean =>
  j.verdict !== 'skip' && j.unjudged !== true;

/** A check: its catalog entry and a small function that judges one observation. */
export interface Check<Observation = Exchange> extends CheckDef {
  judge(observation: Observation): Judgement;
}

export const pass = (message: string): Judgement => ({ verdict: 'pass', message });
/**
 * A failure shown by `evidence`; only a warning when the evidence holds a 413 or 429 Error,
 * limits the contract leaves open (so no property shrinks, nor a run fails, for them).
 */
export const fail = (message: string, evidence?: Exchange[]): Judgement => {
  const limited = evidence && openLimitAnswer(evidence);
  if (limited) return limitWarning(limited, evidence);
  return { verdict: 'fail', message, ...(evidence ? { evidence } : {}) };
};
export const warn = (message: string, evidence?: Exchange[]): Judgement => ({
  verdict: 'warn',
  message,
  ...(evidence ? { evidence } : {}),
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
  return { verdict: 'warn', message: openLimitReason(limited), evidence, unjudged: true };
}

export const skip = (message: string): Judgement => ({ verdict: 'skip', message });

/** `fail` with the problem when there is one, else `pass` with the message given. */
export function judged(problem: string | undefined, passMessage: string, ex?: Exchange): Judgement {
  return problem === undefined ? pass(passMessage) : fail(problem, ex ? [ex] : undefined);
}
