import type { PetStatus } from '../contract/contract.ts';
import { exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { fetchedPet, notFound, sandwichProblem } from './agreement.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { owedProblem } from './owed.ts';
import { notErrorResponse, type Problem } from './problems.ts';
import { about, type Check, fail, pass, precondition, warn } from './types.ts';

/**
 * Answers that must agree with what the service said before (docs/contract.md, "The store may be
 * shared"): the same read repeated, a read of an id before and after a pet has it, the same write
 * repeated. A difference another client could have made is blamed only when it shows again.
 */

/** getPet of one pet three times, and one listPets query three times, each one after another. */
export interface RepeatedReadObservation {
  id: string;
  gets: readonly Exchange[];
  query: { limit: number; status?: PetStatus };
  lists: readonly Exchange[];
}

/** A read of a pet that exists or existed: 200 with that pet, or a 404 Error (it was deleted). */
function readProblem(id: string, ex: Exchange): Problem {
  return notFound(ex) ? notErrorResponse(ex, 404) : owedProblem({ op: 'getPet', id }, ex);
}

export const READ_REPEATED: Check<RepeatedReadObservation> = {
  id: 'READ-REPEATED',
  title:
    'The same read repeated (getPet of a pet of its own eight times, another one beside it, a listPets query three times) -> each the answer the contract fixes, and no read disagreeing with the two around it',
  operation: 'all',
  clause: CLAUSES.get200,
  level: 'MUST',
  writes: false,
  judge: ({ id, gets, query, lists }) => {
    for (const [i, ex] of lists.entries()) {
      const problem = owedProblem({ op: 'listPets', ...query }, ex);
      if (problem)
        return fail(problem, [...lists], about(`listPets read ${i + 1} of ${lists.length}`));
    }
    for (const [i, ex] of gets.entries()) {
      const problem = readProblem(id, ex);
      if (problem)
        return fail(problem, [...gets], about(`getPet ${id}, read ${i + 1} of ${gets.length}`));
    }
    const [before, middle, after] = gets;
    if (before && middle && after) {
      const problem = sandwichProblem({ id, before, middle: [middle], after });
      if (problem) return fail(problem, [before, middle, after]);
    }
    if (gets.every(notFound))
      return warn(`pet ${id} answered 404 each time: another client may have deleted it`, [
        ...gets,
      ]);
    return pass(
      `a pet read ${gets.length} times and a page ${lists.length} times, each as owed, agreeing`,
    );
  },
};

/** An id read before any pet had it, and again once a pet createPet returned to this run had it. */
export interface ProbedId {
  id: string;
  before: Exchange;
  after: Exchange;
  /** A pet createPet returned to this run had the id when the second read was sent. */
  given: boolean;
}

/** One round: ids near the newest read, pets created, the ids read again. */
export interface BeforeAfterObservation {
  rounds: readonly (readonly ProbedId[])[];
}

/** The probes of a round that speak: 404 before, then given to a pet; and those that went wrong. */
function roundOf(probes: readonly ProbedId[]) {
  const judged = probes.filter((p) => notFound(p.before) && p.given);
  const wrong = judged.find((p) => !fetchedPet(p.after) || exactPetId(p.after) !== p.id);
  return { judged: judged.length, wrong };
}

export const READ_BEFORE_AFTER: Check<BeforeAfterObservation> = {
  id: 'READ-BEFORE-AFTER',
  title:
    'GET /pets/{petId} of an id before any pet has it (404), and again once createPet gave it to a pet -> 200 with that pet (twice, independently, before it fails)',
  operation: 'getPet',
  clause: CLAUSES.get200,
  level: 'MUST',
  writes: true,
  judge: ({ rounds }) => {
    const seen = rounds.map(roundOf);
    const speaking = seen.filter((r) => r.judged > 0);
    if (!speaking.length)
      return precondition(
        'no id read before any pet had it was given to a pet afterwards (the service does not hand ids out in sequence)',
      );
    const wrong = speaking.flatMap((r) => (r.wrong ? [r.wrong] : []));
    const [first] = wrong;
    if (!first) return pass('each id read before a pet had it was that pet once created');
    const text = `pet ${first.id}: 404 before any pet had the id, then ${first.after.response?.status ?? 'no answer'} once createPet had given it to a pet`;
    const found = finding('stale-not-found', { id: first.id }, text);
    const evidence = wrong.flatMap((p) => [p.before, p.after]);
    if (wrong.length === speaking.length && speaking.length > 1)
      return fail(found, evidence, { after: ` (in ${wrong.length} rounds of ${rounds.length})` });
    return warn(
      `${found} (in ${wrong.length} round(s) of ${speaking.length}: another client may have deleted the pet)`,
      evidence,
    );
  },
};

/** The same NewPet created twice, one after another and at once, and each pet read back. */
export interface SameTwiceObservation {
  sent: Record<string, unknown>;
  pairs: readonly { how: string; creates: readonly Exchange[]; reads: readonly Exchange[] }[];
}

export const CREATE_SAME_TWICE: Check<SameTwiceObservation> = {
  id: 'CREATE-SAME-TWICE',
  title:
    'POST /pets with the same NewPet twice (one after another, and at once) -> two animals: 201 each, two ids, each pet found by its own id',
  operation: 'createPet',
  clause: CLAUSES.petIdUnique,
  level: 'MUST',
  writes: true,
  judge: ({ sent, pairs }) => {
    const seen = new Map<string, Exchange>();
    for (const { how, creates } of pairs) {
      for (const ex of creates) {
        const problem = owedProblem({ op: 'createPet', pet: sent }, ex);
        if (problem) return fail(problem, [ex], about(`the same NewPet ${how}`));
        const id = String(exactPetId(ex));
        const earlier = seen.get(id);
        if (earlier) {
          const text = `the same NewPet sent ${how} got id ${id} again: one animal, not two`;
          return fail(finding('id-reused', { id }, text), [earlier, ex]);
        }
        seen.set(id, ex);
      }
    }
    for (const { how, creates, reads } of pairs)
      for (const [i, ex] of reads.entries()) {
        const problem = notFound(ex) ? undefined : readProblem(String(exactPetId(creates[i])), ex);
        if (problem) return fail(problem, [ex], about(`a pet of the same NewPet sent ${how}`));
      }
    const lost = pairs.filter(({ reads }) => reads.some(notFound));
    const [first] = lost;
    if (first) {
      const evidence = [...first.creates, ...first.reads];
      const text = `of the same NewPet sent ${first.how}, a pet createPet returned is not found by its id`;
      if (lost.length === pairs.length && pairs.length > 1)
        return fail(finding('twin-lost', {}, text), evidence, { after: ' (in every pair)' });
      return warn(
        `${text} (in ${lost.length} pair(s) of ${pairs.length}: another client may have deleted it)`,
        evidence,
      );
    }
    return pass(`${seen.size} creations of one NewPet, ${seen.size} animals, each found by its id`);
  },
};

export const OVER_TIME_CHECKS = [READ_REPEATED, READ_BEFORE_AFTER, CREATE_SAME_TWICE] as const;
