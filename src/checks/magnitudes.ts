import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type FetchObservation, judgeFetch } from './get-pet.ts';
import { owedProblem } from './owed.ts';
import { about, type Check, fail, type Judgement, pass } from './types.ts';

/** One request of a size, what it sent, and the answer. */
export interface SizedCreate {
  /** What grew, e.g. `name of 100000 characters`. */
  what: string;
  sent: Record<string, unknown>;
  ex: Exchange;
  /** getPet of the pet made, read at once (and again on others, see createAndReadBack). */
  fetch?: FetchObservation;
}

export const CREATE_MAGNITUDES: Check<SizedCreate[]> = {
  id: 'CREATE-MAGNITUDES',
  title:
    'POST /pets with names of 1, 10, 100, ... characters (letters, escapes, 3-byte and astral characters) and JSON whitespace runs of the same lengths, up to the run’s body cap -> 201 echoing the name exactly (413 Error: not judged), never another name or broken bytes; getPet straight after shows the pet as created',
  operation: 'createPet',
  clause: CLAUSES.create201,
  level: 'MUST',
  writes: true,
  judge: (creates) => {
    const limited: Judgement[] = [];
    const warnings: Judgement[] = [];
    for (const { what, sent, ex, fetch } of creates) {
      const problem = owedProblem({ op: 'createPet', pet: sent }, ex);
      if (!problem) {
        const read = fetch ? judgeFetch(fetch) : undefined;
        if (read?.verdict === 'fail') return { ...read, message: `${what}: ${read.message}` };
        if (read?.verdict === 'warn') warnings.push(read);
        continue;
      }
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
    const [warning] = warnings;
    if (warning) return warning;
    const read = creates.some((c) => c.fetch) ? ' and read back as created' : '';
    return pass(`${creates.length - limited.length} sizes, each echoed exactly${read}${cut}`);
  },
};
