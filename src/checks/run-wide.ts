import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type Check, fail, pass, precondition } from './types.ts';

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
  mismatches: {
    id: string;
    where: string;
    differences: string[];
    created: Exchange;
    seen: Exchange;
  }[];
}

export const RUN_PET_CONSISTENT: Check<RunConsistencyObservation> = {
  id: 'RUN-PET-CONSISTENT',
  title:
    'A pet createPet returned looks the same (every field, exact values) in getPet and in every listPets page that holds it',
  operation: 'all',
  clause: CLAUSES.petFields,
  level: 'MUST',
  writes: true,
  judge: ({ sightings, mismatches }) => {
    const [first] = mismatches;
    if (first) {
      const more = mismatches.length > 1 ? ` (${mismatches.length} such sightings)` : '';
      return fail(
        `pet ${first.id} in ${first.where} is not the pet createPet returned: ${first.differences.join('; ')}${more}`,
        [first.created, first.seen],
      );
    }
    if (sightings === 0) return precondition('no created pet appeared again: nothing to compare');
    return pass(`${sightings} sightings of created pets, each as createPet returned it`);
  },
};

export const RUN_CHECKS = [RUN_ID_UNIQUE, RUN_PET_CONSISTENT] as const;
