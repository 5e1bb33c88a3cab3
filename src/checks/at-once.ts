import { exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { notFound } from './agreement.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { owedProblem } from './owed.ts';
import { notErrorResponse } from './problems.ts';
import { about, type Check, fail, pass, warn } from './types.ts';

/**
 * Requests of each operation the burst sends at once. The run's load window follows the target's
 * latency and, on a busy machine, holds two or three requests in flight: a service that fails
 * only when more arrive together would never be shown them. The burst goes past the window, up
 * to the ceiling (--concurrency), on purpose.
 */
export const AT_ONCE = 6;

/** What a burst sent and got: pages, creations, and each created pet read back (at once too). */
export interface AtOnceObservation {
  lists: readonly Exchange[];
  creates: readonly { sent: Record<string, unknown>; ex: Exchange }[];
  /** getPet of each pet the creations returned; none after the sunset. */
  reads: readonly { id: string; ex: Exchange }[];
}

export const RUN_AT_ONCE: Check<AtOnceObservation> = {
  id: 'RUN-AT-ONCE',
  title: `GET /pets, POST /pets and GET /pets/{petId}, ${AT_ONCE} of each at once -> each answered as if alone: 200 Pets, 201 Pet with an id of its own, 200 with that pet`,
  operation: 'all',
  clause: CLAUSES.petIdUnique,
  level: 'MUST',
  writes: true,
  judge: ({ lists, creates, reads }) => {
    const all = [...lists, ...creates.map((c) => c.ex), ...reads.map((r) => r.ex)];
    for (const [i, ex] of lists.entries()) {
      const problem = owedProblem({ op: 'listPets' }, ex);
      if (problem) return fail(problem, all, about(`listPets ${i + 1} of ${lists.length} at once`));
    }
    const seen = new Map<string, Exchange>();
    for (const [i, { sent, ex }] of creates.entries()) {
      const problem = owedProblem({ op: 'createPet', pet: sent }, ex);
      if (problem)
        return fail(problem, all, about(`createPet ${i + 1} of ${creates.length} at once`));
      const id = String(exactPetId(ex));
      const earlier = seen.get(id);
      if (earlier) {
        const text = `two of ${creates.length} createPets sent at once got the same id ${id}`;
        return fail(finding('id-reused', { id }, text), [earlier, ex]);
      }
      seen.set(id, ex);
    }
    for (const { id, ex } of reads) {
      const problem = notFound(ex)
        ? notErrorResponse(ex, 404)
        : owedProblem({ op: 'getPet', id }, ex);
      if (problem) return fail(problem, all, about(`getPet ${id}, one of ${reads.length} at once`));
    }
    const lost = reads.filter((r) => notFound(r.ex));
    // Another client may delete a pet or two (docs/contract.md, "The store may be shared"), not
    // most of the ones just made.
    if (lost.length > 1 && lost.length > reads.length / 2) {
      const text = `${lost.length} of the ${reads.length} pets created at once are not found by their ids`;
      return fail(finding('burst-lost', { count: lost.length }, text), all);
    }
    if (lost.length)
      return warn(
        `${lost.length} of ${reads.length} pets created at once not found by id (another client may have deleted them)`,
        lost.map((r) => r.ex),
      );
    return pass(
      `${lists.length} pages, ${creates.length} creations and ${reads.length} reads at once, each as if alone`,
    );
  },
};
