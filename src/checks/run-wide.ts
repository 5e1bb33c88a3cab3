import type { Exchange } from '../http/exchange.ts';
import { type Sandwich, sandwichEvidence, sandwichProblem } from './agreement.ts';
import { CLAUSES } from './clauses.ts';
import { type Check, fail, pass, precondition, warn } from './types.ts';

/** Enough creations to pass the point where a counter of 100 wraps. */
export const RUN_MIN_CREATIONS = 101;

/** The ids the whole run was given by createPet. */
export interface RunIdsObservation {
  creations: number;
  distinct: number;
  reused: { id: string; first: Exchange; again: Exchange }[];
}

export const RUN_ID_UNIQUE: Check<RunIdsObservation> = {
  id: 'RUN-ID-UNIQUE',
  title: `Every pet the run created (at least ${RUN_MIN_CREATIONS}, across every check) got an id no other has`,
  operation: 'createPet',
  clause: CLAUSES.petIdUnique,
  level: 'MUST',
  writes: true,
  judge: ({ creations, distinct, reused }) => {
    const [first] = reused;
    if (first) {
      const more = reused.length > 1 ? ` (and ${reused.length - 1} more ids)` : '';
      return fail(
        `id ${first.id} was assigned twice in this run (${creations} creations in all)${more}`,
        [first.first, first.again],
      );
    }
    if (creations < 2) return precondition(`only ${creations} pet(s) created: no ids to compare`);
    return pass(`${creations} creations, ${distinct} distinct ids`);
  },
};

/** How the pets the run created looked where they appeared again. */
export interface RunConsistencyObservation {
  sightings: number;
  /** Sightings that differed from the pet createPet returned. */
  mismatches: {
    id: string;
    where: string;
    fields: readonly string[];
    differences: string[];
    created: Exchange;
    seen: Exchange;
  }[];
  /** Pets read again at the end: getPet, the pages, getPet (see agreement.ts). */
  rereads: readonly Sandwich[];
}

export const RUN_PET_CONSISTENT: Check<RunConsistencyObservation> = {
  id: 'RUN-PET-CONSISTENT',
  title:
    'A pet createPet returned has one state at a time: getPet and the listPets pages read back to back agree on it (changes another client or a transition could make: warn)',
  operation: 'all',
  clause: CLAUSES.petFields,
  level: 'MUST',
  writes: true,
  judge: ({ sightings, mismatches, rereads }) => {
    for (const reread of rereads) {
      const problem = sandwichProblem(reread);
      if (problem) return fail(problem, sandwichEvidence(reread));
    }
    // Another client may rename or re-categorise any pet, and a status may move on by itself:
    // a change whose views now agree is not the service's doing as far as a client can tell.
    const changed = mismatches.filter((m) => m.fields.some((f) => f !== 'status'));
    const [first] = changed;
    if (first) {
      const pets = new Set(changed.map((m) => m.id)).size;
      return warn(
        `pet ${first.id} in ${first.where} is not the pet createPet returned: ${first.differences.join('; ')} (${pets} pet(s) changed since their creation; their views read back to back agree: another client's write, or the service's, cannot be told apart)`,
        [first.created, first.seen],
      );
    }
    if (sightings === 0 && rereads.length === 0)
      return precondition('no created pet appeared again: nothing to compare');
    return pass(
      `${sightings} sightings of created pets, ${rereads.length} read again back to back, each with one state at a time`,
    );
  },
};

export const RUN_CHECKS = [RUN_ID_UNIQUE, RUN_PET_CONSISTENT] as const;
