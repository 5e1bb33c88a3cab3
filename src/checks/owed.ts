import { LIMIT, type PetStatus } from '../contract/contract.ts';
import { exactJson, exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { echoProblem } from './create-pet.ts';
import { finding } from './finding.ts';
import { isThatPet } from './get-pet.ts';
import { notErrorResponse, notPetPage, notSuccess, type Problem } from './problems.ts';

/**
 * What the contract owes a request with the valid key and an input within its rules: a listPets
 * page of at most `limit` Pets, all of the status asked for; a 201 Pet echoing the NewPet; getPet's
 * 200 with that very pet; 404 with an Error for a petId no pet has, 400 with an Error for a body
 * that is no NewPet. Any other status is a problem, a 3xx without a body included; a 413 or
 * 429 with an Error body is exempted where a judgement is made of it (`fail`), a 1xx never
 * reaches a judge (the client cannot read past it).
 */
export type Owed =
  | { op: 'listPets'; limit?: number; status?: PetStatus }
  | { op: 'createPet'; pet: Record<string, unknown> }
  | { op: 'getPet'; id: string }
  | { op: 'unknownPet'; id: string }
  | { op: 'invalidPet'; body: Record<string, unknown> };

/** The problem of an answer to a request whose outcome the contract fixes, or undefined. */
export function owedProblem(owed: Owed, ex: Exchange): Problem {
  if (owed.op === 'listPets') {
    const problem = notPetPage(ex, owed.limit ?? LIMIT.default);
    if (problem || owed.status === undefined) return problem;
    const pets = (exactJson(ex) ?? []) as { status?: unknown }[];
    const other = pets.find((p) => p.status !== owed.status);
    const text = `a pet of status ${JSON.stringify(other?.status)} in a status=${owed.status} page`;
    return other ? finding('status-filter', { status: owed.status }, text) : undefined;
  }
  if (owed.op === 'createPet')
    return notSuccess(ex, 201, 'pet', 'Pet') ?? echoProblem(owed.pet, ex);
  // No id may be assumed unassigned: the very pet, if the id turned out to be one's, is owed too.
  if (owed.op === 'unknownPet')
    return isThatPet(ex, owed.id) ? undefined : notErrorResponse(ex, 404);
  if (owed.op === 'invalidPet') return notErrorResponse(ex, 400);
  const problem = notSuccess(ex, 200, 'pet', 'Pet');
  if (problem) return problem;
  const got = exactPetId(ex);
  return got === owed.id
    ? undefined
    : finding('other-pet', { asked: owed.id, got }, `asked for pet ${owed.id}, got ${got}`);
}
