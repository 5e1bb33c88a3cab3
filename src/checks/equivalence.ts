import { plural } from '../base/plural.ts';
import type { Exchange } from '../http/exchange.ts';
import { fetchedPet, notFound } from './agreement.ts';
import { CLAUSES } from './clauses.ts';
import {
  FAMILIES,
  type Family,
  type KeyState,
  type Meaning,
  RELATIONS,
} from './equivalence-table.ts';
import { finding } from './finding.ts';
import { owedProblem } from './owed.ts';
import { notErrorResponse, type Problem } from './problems.ts';
import { about, type Check, fail, type Judgement, pass, warn } from './types.ts';

/** One form of a relation, sent with one key state, and its answer. */
export interface EquivalentAnswer {
  relation: string;
  form: string;
  key: KeyState;
  meaning: Meaning;
  ex: Exchange;
}

/** The forms a family's check sent, and getPet's plain answer for the pet they fetched, sent last. */
export interface EquivalenceObservation {
  answers: readonly EquivalentAnswer[];
  /** GET /pets/{id} written plainly with the valid key, after every form. */
  plainGet?: Exchange;
}

/** What the contract owes a request meaning `meaning` with the valid key, judged on its answer. */
function servedProblem(meaning: Meaning, ex: Exchange, plainGet: Exchange | undefined): Problem {
  // Another client may have deleted the pet: a 404 is wrong only when it was still there after.
  if (meaning.op === 'getPet' && notFound(ex) && !fetchedPet(plainGet)) return undefined;
  return owedProblem(meaning, ex);
}

const label = (a: EquivalentAnswer) =>
  `${a.relation}: ${a.form}, ${a.key === 'valid' ? 'valid key' : a.key === 'wrong' ? 'a wrong key' : 'no key'}`;

/** The failure of one answer, if any: served without the key first of all. */
function answerProblem(a: EquivalentAnswer, plainGet: Exchange | undefined): Judgement | undefined {
  const { ex } = a;
  const relation = RELATIONS.find((r) => r.id === a.relation);
  const garbled = unreadable(ex);
  if (garbled) return fail(garbled, [ex], about(label(a)));
  if (a.key !== 'valid') {
    const problem = notErrorResponse(ex, 401);
    if (!problem) return undefined;
    const status = ex.response?.status ?? 0;
    if (status >= 200 && status < 300) {
      const text = 'served without the right key';
      return fail(
        finding('served-without-key', { relation: a.relation }, text),
        [ex],
        about(label(a)),
      );
    }
    // A form only an RFC makes the contract's request (`/v1/%70ets`) is, to a server that does
    // not read it so, a path it does not serve: refusing it otherwise than 401 reaches no
    // operation, and nor does a connection closed without an answer (a server that cannot
    // speak HTTP/1.0). Like the keyed case, that fails under certify only; a 5xx or a hang
    // fails always.
    const closed = !ex.response && ex.error?.code !== 'TIMEOUT';
    // The refusal the RFC allows the form (505 to HTTP/1.0), before any key check, serves nothing.
    const refused = relation?.refusal?.statuses.includes(status) && !notErrorResponse(ex, status);
    if (relation?.basis === 'rfc' && refused) return undefined;
    if (relation?.basis === 'rfc' && ((status >= 300 && status < 500) || closed))
      return rfcAlone(fail(problem, [ex], about(label(a))), relation.rfc);
    return fail(problem, [ex], about(label(a)));
  }
  const problem =
    headUnlikeGet(ex) ?? servedProblem(a.meaning, relation?.partial ? asWhole(ex) : ex, plainGet);
  if (!problem) return undefined;
  const refusal = relation?.refusal;
  const status = ex.response?.status ?? 0;
  if (refusal?.statuses.includes(status) && !notErrorResponse(ex, status))
    return refusal.quiet
      ? undefined
      : warn(`${label(a)}: refused with ${status}, which ${refusal.rfc} allows`, [ex]);
  const failed = servedOtherwise(a, problem, plainGet);
  if (relation?.basis !== 'rfc' || failed.verdict !== 'fail') return failed;
  return rfcAlone(failed, relation.rfc);
}

/**
 * Octets no HTTP answer starts with, where the request's answer was due (llhttp refused them),
 * or more than its framing holds: a malformed answer fails whatever the form's basis. After a HEAD on its connection, they are
 * what the server wrote past the HEAD's header section, content a HEAD answer never has.
 */
function unreadable(ex: Exchange): Problem {
  const { error, response } = ex;
  const after = ex.afterHead ? ` after the HEAD's answer (${ex.afterHead}) on its connection` : '';
  if (response?.overrun) {
    const text = `its answer${after}: ${response.overrun}`;
    return finding('unreadable-answer', { afterHead: ex.afterHead }, text);
  }
  if (response || !error) return undefined;
  if (error.code !== 'HTTPParserError' && !error.code.startsWith('HPE_')) return undefined;
  const text = `the octets that came as its answer${after} are no HTTP answer (${error.message})`;
  return finding('unreadable-answer', { afterHead: ex.afterHead }, text);
}

/**
 * A HEAD whose status is of another class than the GET of the same target after it on its
 * connection (a 200 to HEAD of an id GET answers 404): HEAD is GET without the content (RFC
 * 9110 9.3.2), and a client that asks HEAD whether a pet exists is told one that does not.
 */
function headUnlikeGet(ex: Exchange): Problem {
  const head = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(ex.afterHead ?? '')?.[1]);
  const got = ex.response?.status;
  if (!head || got === undefined || Math.floor(head / 100) === Math.floor(got / 100))
    return undefined;
  const text = `HEAD answered ${head} where GET of the same target answers ${got}: HEAD is GET without its content (RFC 9110 9.3.2)`;
  return finding('head-unlike-get', { head, got }, text);
}

/** A 206 read as the 200 it is part of (Relation.partial); any other answer as it came. */
function asWhole(ex: Exchange): Exchange {
  const { response } = ex;
  return response?.status === 206 ? { ...ex, response: { ...response, status: 200 } } : ex;
}

/** A failure that rests on an RFC alone: said so, and a warning outside certify (settle reads `rfc`). */
function rfcAlone(failed: Judgement, rfc: string): Judgement {
  if (failed.verdict !== 'fail') return failed;
  const basis = ` (one request by ${rfc} alone, which the contract's text does not write out: fails under certify)`;
  return { ...failed, message: `${failed.message}${basis}`, rfc };
}

/** The failure of a form served otherwise than the request it means, with the key. */
function servedOtherwise(
  a: EquivalentAnswer,
  problem: NonNullable<Problem>,
  plainGet: Exchange | undefined,
): Judgement {
  if (a.meaning.op !== 'getPet' || !plainGet) return fail(problem, [a.ex], about(label(a)));
  const after = ' (getPet written plainly, sent after it, found the pet)';
  return fail(problem, [a.ex, plainGet], about(label(a), fetchedPet(plainGet) ? after : ''));
}

/** How many exchanges each relation of a family sent. */
export function coveredBy(answers: readonly EquivalentAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a.relation] = (counts[a.relation] ?? 0) + 1;
  return counts;
}

function judgeFamily({ answers, plainGet }: EquivalenceObservation): Judgement {
  const judged = answers.map((a) => answerProblem(a, plainGet));
  // A form that reaches an operation without the key is the worst there is: it goes first.
  const served = judged.find((j) => j?.code === 'served-without-key');
  // The contract's own failures before those that rest on an RFC alone (warnings outside certify).
  const failures = judged.filter((j): j is Judgement => j?.verdict === 'fail');
  const failed = served ?? failures.find((j) => !j.rfc) ?? failures[0];
  const covered = coveredBy(answers);
  if (failed) return { ...failed, covered };
  const warned = judged.filter((j): j is Judgement => j?.verdict === 'warn');
  const [first] = warned;
  if (first) return { ...first, message: warned.map((w) => w.message).join('; '), covered };
  const relations = Object.keys(covered).length;
  const refused = refusedWithKey(answers, plainGet);
  const how = refused
    ? `each form with the key served as the request it means or refused as allowed (${refused}), 401 without it`
    : 'each form served as the request it means with the key, 401 without it';
  return {
    ...pass(`${plural(answers.length, 'request')} in ${plural(relations, 'relation')}: ${how}`),
    covered,
  };
}

/**
 * The forms with the key that were not served but refused in a way the judge let pass (a
 * refusal an RFC allows, a limit or a policy), by status: `403 x3, 411`; undefined for none.
 * A pass must not say they were served.
 */
function refusedWithKey(
  answers: readonly EquivalentAnswer[],
  plainGet: Exchange | undefined,
): string | undefined {
  const counts = new Map<number, number>();
  for (const a of answers) {
    if (a.key !== 'valid' || !servedProblem(a.meaning, a.ex, plainGet)) continue;
    const status = a.ex.response?.status ?? 0;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  if (counts.size === 0) return undefined;
  return [...counts]
    .sort(([x], [y]) => x - y)
    .map(([status, n]) => (n > 1 ? `${status} x${n}` : `${status}`))
    .join(', ');
}

const CLAUSE_OF: Record<Family, (typeof CLAUSES)[keyof typeof CLAUSES]> = {
  URI: CLAUSES.responses,
  FIELDS: CLAUSES.responses,
  CREDENTIALS: CLAUSES.auth401,
  MEDIA: CLAUSES.json,
  FRAMING: CLAUSES.responses,
  JSON: CLAUSES.newPet,
};

function familyCheck(family: Family): Check<EquivalenceObservation> {
  const ids = RELATIONS.filter((r) => r.family === family).map((r) => r.id);
  return {
    id: `EQUIV-${family}`,
    title: `Requests written otherwise in their ${FAMILIES[family]} (${ids.join(', ')}; docs/equivalences.md) -> served as the request they mean with the key, 401 with a wrong key or none`,
    operation: 'all',
    clause: CLAUSE_OF[family],
    level: 'MUST',
    // In a read-only run the forms that create are left out.
    writes: false,
    judge: judgeFamily,
  };
}

/** One check per family of relations, e.g. `EQUIV-CREDENTIALS`. */
export const EQUIVALENCE_CHECKS: readonly Check<EquivalenceObservation>[] = (
  Object.keys(FAMILIES) as Family[]
).map(familyCheck);

/** The check of one family. */
export function equivalenceCheck(family: Family): Check<EquivalenceObservation> {
  const check = EQUIVALENCE_CHECKS.find((c) => c.id === `EQUIV-${family}`);
  if (!check) throw new Error(`no check for ${family}`);
  return check;
}
