import { RUN_MODEL } from '../checks/model.ts';
import { petDifferences } from '../checks/pet-fields.ts';
import type { PetStatus } from '../contract/contract.ts';
import { exactJson, integerOfText, integerText, integerValue } from '../http/exact.ts';
import { type Exchange, forRecord, requestPath } from '../http/exchange.ts';
import type { Interceptor } from '../http/interceptor.ts';

/** A pet as createPet returned it, with the exchange that created it. */
export interface CreatedPet {
  pet: Record<string, unknown>;
  ex: Exchange;
}

/** An id createPet returned a second time, with both creations. */
export interface ReusedId {
  id: string;
  first: Exchange;
  again: Exchange;
}

/** A created pet that looked different where it appeared again. */
export interface Mismatch {
  id: string;
  where: string;
  /** The fields that differ, e.g. `name`, and each difference in words. */
  fields: string[];
  differences: string[];
  created: Exchange;
  seen: Exchange;
  /**
   * The categoryId seen is the nearest double to the one created, which no double holds: a
   * store that keeps it through a double, not another client's write.
   */
  rounded?: true;
}

/** What the run's requests showed of the pets it created, across every check. */
export interface RunPets {
  created: Map<string, CreatedPet>;
  creations: number;
  reused: ReusedId[];
  /** How many times a created pet appeared again (getPet, or a listPets page). */
  sightings: number;
  /** The created pets a listPets page held (their views can be compared at one moment). */
  listed: Set<string>;
  mismatches: Mismatch[];
}

/**
 * The lowest id of the pets the run created (of `status`, when given): the same pet whichever
 * creation came back first, so every run of a seed picks it.
 */
export function lowestCreatedId(pets: RunPets, status?: PetStatus): string | undefined {
  let lowest: bigint | undefined;
  for (const [id, { pet }] of pets.created) {
    if (status !== undefined && pet.status !== status) continue;
    const n = BigInt(id);
    if (lowest === undefined || n < lowest) lowest = n;
  }
  return lowest?.toString();
}

/** Enough to show a pattern; more would only bloat the report. */
const KEEP = 20;

/** Notes every pet created and seen again, for the checks judged at the end. */
export function notingPets(pets: RunPets): Interceptor {
  return (next) => async (options) => {
    const ex = await next(options);
    notePets(pets, ex);
    return ex;
  };
}

const isPet = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'id' in v;

/** The exact decimal text of an id (read losslessly), or undefined when it is no integer. */
export const idText = (id: unknown): string | undefined => integerText(id);

// Fields the contract promises back; status only when createPet returned one (its default
// is not shown, so a pet created without it may gain one later).
function fieldsOf(created: Record<string, unknown>): string[] {
  return ['id', 'name', 'categoryId', ...('status' in created ? ['status'] : [])];
}

/** What the run compares of a pet it created: the fields the contract names, nothing a server added. */
function contractFields(pet: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    ['id', 'name', 'categoryId', 'status'].filter((f) => f in pet).map((f) => [f, pet[f]]),
  );
}

function route(ex: Exchange): 'create' | 'list' | 'get' | undefined {
  const path = requestPath(ex);
  if (/\/pets$/.test(path)) return ex.request.method === 'POST' ? 'create' : 'list';
  return /\/pets\/[^/]+$/.test(path) && ex.request.method === 'GET' ? 'get' : undefined;
}

function compare(pets: RunPets, seen: Record<string, unknown>, ex: Exchange, where: string): void {
  const id = idText(seen.id);
  const created = id === undefined ? undefined : pets.created.get(id);
  if (!created || id === undefined) return;
  pets.sightings++;
  const fields = fieldsOf(created.pet).filter((f) => petDifferences(created.pet, seen, [f]).length);
  if (!fields.length) return;
  const differences = petDifferences(created.pet, seen, fields);
  const rounded = fields.includes('categoryId') && roundedThroughDouble(created.pet, seen);
  const mismatch = {
    id,
    where,
    fields,
    differences,
    created: created.ex,
    seen: forRecord(ex),
    ...(rounded ? { rounded: true as const } : {}),
  };
  if (pets.mismatches.length < KEEP) {
    pets.mismatches.push(mismatch);
    return;
  }
  // A pet changed in name or category says more than one whose status moved on (transitions
  // are not shown): it takes the place of one of those, however many came first.
  const at = isStatusOnly(mismatch) ? -1 : pets.mismatches.findIndex(isStatusOnly);
  if (at >= 0) pets.mismatches[at] = mismatch;
}

/** Whether `seen`'s categoryId is the nearest double to `created`'s, which no double holds. */
function roundedThroughDouble(
  created: Record<string, unknown>,
  seen: Record<string, unknown>,
): boolean {
  const sent = integerValue(created.categoryId);
  const got = integerValue(seen.categoryId);
  if (sent === undefined || got === undefined || sent === got) return false;
  // The double written exactly, or as JavaScript writes it (shortest: 2^62 as 4611686018427388000).
  const double = Number(sent);
  return got === BigInt(double) || got === integerOfText(String(double));
}

/** A difference of status alone: the pet's status moved on since its creation. */
export const isStatusOnly = (m: Pick<Mismatch, 'fields'>) =>
  m.fields.length === 1 && m.fields[0] === 'status';

/** Notes what one exchange shows of the run's pets: a creation, or a created pet seen again. */
export function notePets(pets: RunPets, ex: Exchange): void {
  const res = ex.response;
  if (!res || res.json === undefined) return;
  const kind = route(ex);
  // The exact view: ids and categoryIds beyond 2^53 are compared on their exact value.
  const body = kind ? exactJson(ex) : undefined;
  if (kind === 'create' && res.status === 201 && isPet(body)) {
    pets.creations++;
    const id = idText(body.id);
    if (id === undefined) return;
    const earlier = pets.created.get(id);
    // Kept for the whole run: the pet's contract fields and a record of its creation, never the
    // raw answer (a 201 padded to the body cap, times every pet the run makes, is gigabytes).
    const record = forRecord(ex);
    if (earlier && pets.reused.length < KEEP)
      pets.reused.push({ id, first: earlier.ex, again: record });
    pets.created.set(id, { pet: contractFields(body), ex: record });
  } else if (ex.check === RUN_MODEL.id) {
    // The model judges what its own reads show, itself: its lists taken while creations are
    // under way show some of them or not, as timing has it, and the count here must not vary.
    return;
  } else if (kind === 'get' && res.status === 200 && isPet(body)) {
    compare(pets, body, ex, 'getPet');
  } else if (kind === 'list' && res.status === 200 && Array.isArray(body)) {
    for (const item of body) {
      if (!isPet(item)) continue;
      compare(pets, item, ex, 'a listPets page');
      const id = idText(item.id);
      if (id !== undefined && pets.created.has(id)) pets.listed.add(id);
    }
  }
}
