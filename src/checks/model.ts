import { isPetStatus, type PetStatus } from '../contract/contract.ts';
import { exactJson, exactPetId, integerText, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { leavesOutStatus } from './agreement.ts';
import { CLAUSES } from './clauses.ts';
import { type Finding, finding, problemData } from './finding.ts';
import { limitCode, openLimitReason } from './open-limits.ts';
import { petDifferences } from './pet-fields.ts';
import { type Check, type Judgement, pass, skip, unjudged, warn } from './types.ts';

/** A pet the model knows the run created, with the fields the contract promises back. */
export interface ModelPet {
  id: string;
  name: string;
  categoryId: bigint;
  status?: PetStatus;
}

/**
 * The store as far as the run knows it: the pets it created in this sequence of commands and
 * nothing else. The store may be shared (other clients create pets the run never sees made), so
 * the model claims nothing of pets it did not create, nor of the order of a page.
 */
export interface StoreModel {
  pets: Map<string, ModelPet>;
}

export const emptyModel = (): StoreModel => ({ pets: new Map() });

/** The fields a page or getPet must show of a pet the run created: `status` only when it was sent. */
export function modelDifferences(
  pet: ModelPet,
  seen: Record<string, unknown>,
  summary = false,
): string[] {
  // Transitions are not shown: a status may move to any other and back, by itself, at any
  // speed (a hold, a reservation). Another PetStatus is no difference; none at all is, unless
  // the view is a summary that shows no pet's status (leavesOutStatus).
  const moved = pet.status !== undefined && isPetStatus(seen.status);
  const compared = pet.status && !moved && !summary;
  const fields = ['id', 'name', 'categoryId', ...(compared ? ['status'] : [])];
  // Ids are compared as the integers they are, whatever their text.
  return petDifferences({ ...pet, id: BigInt(pet.id) }, seen, fields);
}

/** A created pet's id already in the model (given to another pet of the run), or undefined. */
export function reusedId(model: StoreModel, ex: Exchange): Finding | undefined {
  const id = exactPetId(ex);
  return id !== undefined && model.pets.has(id)
    ? finding('id-reused', { id }, `id ${id} was given to a pet this sequence had created already`)
    : undefined;
}

/**
 * What a page shows of the run's pets: each one it holds must be whole, every field as created
 * (a pet shown while its creation is under way included: whole or not at all). Pets of others,
 * and the page's order, are not the model's to judge.
 */
export function pageProblem(model: StoreModel, ex: Exchange): Finding | undefined {
  const items = exactJson(ex);
  if (ex.response?.status !== 200 || !Array.isArray(items)) return undefined;
  const byName = new Map([...model.pets.values()].map((p) => [p.name, p]));
  const summary = leavesOutStatus(ex);
  for (const item of items as Record<string, unknown>[]) {
    const id = integerText(item?.id);
    const pet = id === undefined ? undefined : model.pets.get(id);
    if (pet) {
      const diffs = modelDifferences(pet, item, summary);
      if (diffs.length)
        return finding(
          'partial-pet',
          { id: pet.id, differences: diffs },
          `pet ${pet.id} listed other than created: ${diffs.join('; ')}`,
        );
      continue;
    }
    // One of the run's names under an id the run was not given: a pet published twice, or
    // under a temporary id. (Another client may use the same name only by copying the run id.)
    const named = typeof item?.name === 'string' ? byName.get(item.name) : undefined;
    if (named)
      return finding(
        'other-id',
        { name: named.name, id: showValue(item?.id) },
        `the pet created as ${named.id} is listed under id ${showValue(item?.id)} too`,
      );
  }
  return undefined;
}

/** getPet's answer for a pet the run created: that pet, whole. */
export function fetchedProblem(pet: ModelPet, ex: Exchange): Finding | undefined {
  if (ex.response?.status !== 200) return undefined;
  const body = exactJson(ex) as Record<string, unknown>;
  const diffs = modelDifferences(pet, body ?? {});
  return diffs.length
    ? finding(
        'not-as-created',
        { id: pet.id, differences: diffs },
        `getPet ${pet.id}: ${diffs.join('; ')}`,
      )
    : undefined;
}

/** One sequence of commands the model ran, as the check sees it. */
export interface ModelObservation {
  /** The commands, as fast-check shows them. */
  commands: string;
  /** How many commands ran and requests went before the first violation (or in all). */
  ran: number;
  /** The first answer that broke the model or an invariant, what it broke, and the whole sequence's exchanges. */
  violation?: { label: string; problem: Finding; ex: Exchange; script: readonly Exchange[] };
  /** Answers the contract leaves free but that say something (a created pet no longer found). */
  notes: readonly string[];
  /** The 413 or 429 Error (a limit the contract leaves open) that ended the sequence early. */
  limited?: Exchange;
}

export const RUN_MODEL: Check<ModelObservation> = {
  id: 'RUN-MODEL',
  title:
    'Random sequences of createPet, listPets and getPet (any credential, valid or invalid input, creates in parallel with lists in flight) agree with a model of the pets the run created: ids distinct, each pet whole wherever it shows, every answer sound',
  operation: 'all',
  clause: CLAUSES.petFields,
  level: 'MUST',
  writes: true,
  judge: ({ commands, ran, violation, notes, limited }): Judgement => {
    if (violation) {
      // The whole sequence is the evidence: its curl lines, in order, replay it. (Not `fail`:
      // a 429 earlier in the sequence does not make the violation a limit.)
      const { problem, label, script } = violation;
      return {
        verdict: 'fail',
        message: `after ${ran} commands, ${label}: ${problem}`,
        code: problem.code,
        problem: problemData(problem),
        evidence: [...script],
      };
    }
    if (limited) return unjudged(limitCode(limited), openLimitReason(limited), [limited]);
    // fast-check may draw a sequence of no command (or of none that applied): nothing judged.
    if (ran === 0) return skip('no command of the sequence ran');
    if (notes.length) return warn(`${commands}: ${notes.join('; ')}`);
    return pass(`${ran} commands agreed with the model`);
  },
};
