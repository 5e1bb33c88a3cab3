import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type FetchObservation, judgeFetch, worthAgain } from './get-pet.ts';
import { type Check, type Judgement, pass, precondition, warn } from './types.ts';

/** A pet createPet gave the run whose read straight after went wrong, with both exchanges. */
export interface ReadBackProblem extends FetchObservation {
  /** Who created it (a check's id, `seed`, `sentinel`). */
  by: string;
  createdEx: Exchange;
}

/** Every pet createPet gave the run, read with getPet straight after (see readingBack). */
export interface ReadAfterWriteObservation {
  /** Pets read straight after their creation. */
  read: number;
  /** Reads the run's own limits kept from an answer (budget, time, a 429 or 413 Error). */
  unread: number;
  /** The reads that went wrong, the first few; those another client could explain read again. */
  problems: readonly ReadBackProblem[];
}

/**
 * Whether a problem can be judged: a read another client could have spoilt (a 404, or another
 * pet's fields) only once the same create has been sent again and read again (`again`).
 */
const judgeable = (p: ReadBackProblem) => p.again !== undefined || !worthAgain(p.created, p.ex);

/** One read-back's verdict, its create first in the evidence. */
function judgeOne(p: ReadBackProblem): Judgement {
  const j = judgeFetch(p);
  if (j.verdict === 'pass') return j;
  return {
    ...j,
    message: `a pet ${p.by} created, read at once: ${j.message}`,
    evidence: [p.createdEx, ...(j.evidence ?? [p.ex])],
  };
}

export const RUN_READ_AFTER_WRITE: Check<ReadAfterWriteObservation> = {
  id: 'RUN-READ-AFTER-WRITE',
  title:
    'Every pet createPet gave the run, whichever check or request form made it, read with getPet straight after -> 200 with that pet (status may have moved on to another value, not vanished; a change another client could make fails only when the same create, sent again, shows it again)',
  operation: 'getPet',
  clause: CLAUSES.get200,
  level: 'MUST',
  writes: true,
  judge: ({ read, unread, problems }) => {
    const verdicts = problems.filter(judgeable).map(judgeOne);
    const failed = verdicts.find((j) => j.verdict === 'fail');
    if (failed) return failed;
    const other = verdicts.find((j) => j.verdict !== 'pass');
    if (other) return other;
    const unsure = problems.find((p) => !judgeable(p));
    if (unsure)
      return warn(
        `a pet ${unsure.by} created did not read back as created (${problems.length} of ${read} reads), not tried again: another client may have changed or deleted it`,
        [unsure.createdEx, unsure.ex],
      );
    if (read === 0)
      return precondition(
        `no pet read straight after its creation (${unread} reads kept from an answer by the run's limits)`,
      );
    return pass(
      `${read} pets, each read with getPet straight after createPet gave it, as created${unread ? ` (${unread} more reads kept from an answer by the run's limits)` : ''}`,
    );
  },
};
