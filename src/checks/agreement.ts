import { isPetStatus } from '../contract/contract.ts';
import { validate } from '../contract/schemas.ts';
import { exactJson, integerText, sameValue, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { type Finding, finding } from './finding.ts';

/**
 * Answers that must agree over time, in a store other clients may share (docs/contract.md, "The
 * store may be shared"). Another client may create pets, and change or delete any pet through
 * operations the contract does not show; a pet's status may move on by itself (transitions are
 * not shown). What no client and no transition can do, these judges blame on the service:
 *
 * - bring a pet back: a 404 for an id, then a 200 with that pet (an id names one animal);
 * - give a pet two states at one moment: two reads that agree, around a third that does not
 *   (it would take a write and its undoing, timed to the harness's reads);
 * - show again, independently, a difference one write could explain (see `reproduced`).
 */

/** The fields a pet is compared on between views; `id` is what makes them the same pet. */
export const VIEW_FIELDS = ['name', 'categoryId', 'status'] as const;

/** The Pet of a 200 answer of getPet, in its exact view; undefined for anything else. */
export function fetchedPet(ex: Exchange | undefined): Record<string, unknown> | undefined {
  if (ex?.response?.status !== 200 || !validate('pet', ex.response.json).valid) return undefined;
  return exactJson(ex) as Record<string, unknown>;
}

/** getPet answered 404: no animal with that identifier, at that moment. */
export const notFound = (ex: Exchange | undefined) => ex?.response?.status === 404;

/** The Pet with exact id `id` in a 200 listPets page, in its exact view, or undefined. */
export function petInPage(page: Exchange, id: string): Record<string, unknown> | undefined {
  if (page.response?.status !== 200) return undefined;
  const items = exactJson(page);
  if (!Array.isArray(items)) return undefined;
  return items.find(
    (p): p is Record<string, unknown> =>
      typeof p === 'object' && p !== null && integerText((p as { id?: unknown }).id) === id,
  );
}

/**
 * A page none of whose pets carries `status`: a summary view that leaves the optional field out
 * (Pet: "status | PetStatus | | no"), not a pet that lost it. A pet without status on a page
 * whose other pets show theirs is judged as any other difference.
 */
export function leavesOutStatus(page: Exchange): boolean {
  const items = page.response?.status === 200 ? exactJson(page) : undefined;
  if (!Array.isArray(items) || items.length === 0) return false;
  return items.every((p) => typeof p === 'object' && p !== null && !Object.hasOwn(p, 'status'));
}

/** The URL of a request, read against a base: a request never sent records its path alone. */
export const urlOf = (ex: Exchange) => new URL(ex.request.url, 'http://unsent.invalid');

/** True for a getPet request. */
const isGetPet = (ex: Exchange) => /\/pets\/[^/]+$/.test(urlOf(ex).pathname);

/** Where a view of a pet came from, for messages: `getPet` or the page's query. */
export function viewName(ex: Exchange): string {
  return isGetPet(ex) ? 'getPet' : `listPets${urlOf(ex).search || ''}`;
}

/** Reads of one pet around the middle ones: getPet, then pages (or getPet again), then getPet. */
export interface Sandwich {
  id: string;
  before: Exchange;
  middle: readonly Exchange[];
  after: Exchange;
}

/**
 * What reads of one pet sent one after another show that no other client could have caused: the
 * pet back after a 404, a page listing a pet getPet says is not there before and after, or a
 * middle view that disagrees with the two reads around it, which agree.
 */
export function sandwichProblem({ id, before, middle, after }: Sandwich): Finding | undefined {
  const first = fetchedPet(before);
  const last = fetchedPet(after);
  if (notFound(before) && last) {
    const text = `pet ${id} answered 404, then 200 with the pet: a pet that is gone does not come back`;
    return finding('came-back', { id }, text);
  }
  for (const view of middle) {
    const seen = isGetPet(view) ? fetchedPet(view) : petInPage(view, id);
    if (!seen) {
      if (first && last && notFound(view)) {
        const text = `pet ${id}: getPet answered 200, then 404, then 200 again`;
        return finding('came-back', { id }, text);
      }
      continue;
    }
    if (notFound(before) && notFound(after)) {
      const text = `pet ${id} is in ${viewName(view)}, while getPet answered 404 before and after it`;
      return finding('listed-not-found', { id, where: viewName(view) }, text);
    }
    if (!first || !last) continue;
    for (const field of VIEW_FIELDS) {
      if (!sameValue(first[field], last[field]) || sameValue(first[field], seen[field])) continue;
      // A status may move away and back by itself (transitions are not shown): no two states.
      if (field === 'status' && isPetStatus(first[field]) && isPetStatus(seen[field])) continue;
      if (field === 'status' && !isGetPet(view) && leavesOutStatus(view)) continue;
      const text = `pet ${id} has two states at once: ${field} is ${showValue(first[field])} in getPet before and after, ${showValue(seen[field])} in ${viewName(view)} between them`;
      return finding('two-states', { id, field, where: viewName(view) }, text);
    }
  }
  return undefined;
}

/**
 * The status a middle view shows of the pet other than the two getPet reads around it, which
 * agree: a stale view, or a status held away and given back by itself (transitions are not
 * shown). Only the same split read again (sandwichProblem leaves status out) tells them apart.
 */
export function statusSplit({ id, before, middle, after }: Sandwich): string | undefined {
  const first = fetchedPet(before);
  const last = fetchedPet(after);
  if (!first || !last || !sameValue(first.status, last.status)) return undefined;
  for (const view of middle) {
    const seen = isGetPet(view) ? fetchedPet(view) : petInPage(view, id);
    if (seen && isPetStatus(seen.status) && !sameValue(first.status, seen.status))
      return `${viewName(view)} ${showValue(seen.status)}, getPet ${showValue(first.status)}`;
  }
  return undefined;
}

/** Exchanges of a sandwich, in the order they were sent, for evidence. */
export const sandwichEvidence = (s: Sandwich): Exchange[] => [s.before, ...s.middle, s.after];
