import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { owedProblem } from './owed.ts';
import { about, type Check, fail, type Judgement, pass } from './types.ts';

/** One request of a size, what it sent, and the answer. */
export interface SizedCreate {
  /** What grew, e.g. `name of 100000 characters`. */
  what: string;
  sent: Record<string, unknown>;
  ex: Exchange;
}

export const CREATE_MAGNITUDES: Check<SizedCreate[]> = {
  id: 'CREATE-MAGNITUDES',
  title:
    'POST /pets with names of 1, 10, 100, ... characters and JSON whitespace runs of the same lengths, up to the run’s body cap -> 201 echoing the name exactly (413 Error: not judged), never another name or broken bytes',
  operation: 'createPet',
  clause: CLAUSES.create201,
  level: 'MUST',
  writes: true,
  judge: (creates) => {
    const limited: Judgement[] = [];
    for (const { what, sent, ex } of creates) {
      const problem = owedProblem({ op: 'createPet', pet: sent }, ex);
      if (!problem) continue;
      // A 413 Error is a body size limit the contract leaves open: that size is not judged.
      const judgement = fail(problem, [ex], about(what));
      if (judgement.verdict === 'fail') return judgement;
      limited.push(judgement);
    }
    const [first] = limited;
    if (first && limited.length === creates.length) return first;
    const cut = first
      ? `; ${limited.length} refused with 413 (a limit the contract leaves open)`
      : '';
    return pass(`${creates.length - limited.length} sizes, each echoed exactly${cut}`);
  },
};
