import { plural } from '../base/plural.ts';
import type { ProblemData } from '../checks/finding.ts';
import type { CheckResult } from './model.ts';

/** One problem that several failed checks report, and the checks that report it. */
export interface CommonCause {
  cause: string;
  checks: string[];
}

/** Failed checks sharing a problem before it is said once, ahead of the list of failures. */
export const MIN_CHECKS_PER_CAUSE = 3;

/** The message without the minimal input a property appends to it: that differs per check. */
function problemOf(check: CheckResult): string {
  const cut = check.counterexample ? check.message.lastIndexOf(' (minimal input') : -1;
  return cut > 0 ? check.message.slice(0, cut) : check.message;
}

/**
 * What a message may be saying, from the most specific to the least: the whole message, then
 * what follows each `: ` (messages read `<what was sent>: <what was wrong>`, nested).
 */
function candidates(problem: string): string[] {
  const out = [problem];
  for (let at = problem.indexOf(': '); at >= 0; at = problem.indexOf(': ', at + 2)) {
    const rest = problem.slice(at + 2);
    if (rest !== '') out.push(rest);
  }
  return out;
}

/** A finding's identity: its code and data, whatever words surround it in each message. */
const findingKey = (problem: ProblemData) => `${problem.code} ${JSON.stringify(problem.data)}`;

/**
 * The causes a failed check may share with others: its finding (code and data) when it has
 * one; else, for a message no finding made, what its words may be saying.
 */
function causesOf(check: CheckResult, shown: Map<string, string>): string[] {
  if (!check.problem) return candidates(problemOf(check));
  const key = findingKey(check.problem);
  shown.set(key, check.problem.text);
  return [key];
}

/**
 * The problems shared by at least `min` failed checks, most shared first: e.g. 27 checks that
 * found `Error.status is 0, HTTP status is 401` (the same code and data), each about its own
 * request, so a vendor fixes one thing rather than reading 27. Each check counts towards one
 * cause: the one most checks share, the longest (most specific) among equals.
 */
export function commonCauses(
  checks: readonly CheckResult[],
  min = MIN_CHECKS_PER_CAUSE,
): CommonCause[] {
  const failed = checks.filter((c) => c.verdict === 'fail');
  const shown = new Map<string, string>();
  const options = failed.map((c) => ({ id: c.id, causes: causesOf(c, shown) }));
  const sharedBy = new Map<string, number>();
  for (const { causes } of options) {
    for (const cause of new Set(causes)) sharedBy.set(cause, (sharedBy.get(cause) ?? 0) + 1);
  }
  const groups = new Map<string, string[]>();
  for (const { id, causes } of options) {
    const best = causes.reduce((a, b) => {
      const [na, nb] = [sharedBy.get(a) ?? 0, sharedBy.get(b) ?? 0];
      return nb > na || (nb === na && b.length > a.length) ? b : a;
    });
    groups.set(best, [...(groups.get(best) ?? []), id]);
  }
  return [...groups]
    .filter(([, ids]) => ids.length >= min)
    .map(([cause, ids]) => ({ cause: shown.get(cause) ?? cause, checks: ids }))
    .sort((a, b) => b.checks.length - a.checks.length);
}

/** `27 checks: Error.status is 0, HTTP status is 401`, the line every report shows a cause as. */
export function causeLine({ cause, checks }: CommonCause): string {
  return `${plural(checks.length, 'check')}: ${cause}`;
}

/** How every report introduces the causes. */
export const CAUSES_HEADING = 'Common causes (one fix each)';

/** The console's lines for the causes of a run's failures: a heading, then one line each. */
export function causeLines(checks: readonly CheckResult[]): string[] {
  const causes = commonCauses(checks);
  return causes.length ? [`${CAUSES_HEADING}:`, ...causes.map((c) => `  ${causeLine(c)}`)] : [];
}
