import type { PetStatus } from '../contract/contract.ts';
import { exactJson, integerText } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { parseLinks } from './deprecation.ts';
import { finding } from './finding.ts';
import { itemCount } from './problems.ts';
import { fail, type Judgement, warn } from './types.ts';

/** A page that came back empty, looked at again (src/language/recheck-empty.ts). */
export interface EmptyRecheck {
  /** A pet the run created, of `status` when the page filtered by one. */
  pet: string;
  status?: PetStatus;
  /** getPet of that pet, before the page was asked for again, and after. */
  before: Exchange;
  again: Exchange;
  after: Exchange;
}

/** Whether getPet showed the pet, of `status` when given. */
function shows(ex: Exchange, pet: string, status: PetStatus | undefined): boolean {
  if (ex.response?.status !== 200) return false;
  const body = exactJson(ex) as { id?: unknown; status?: unknown } | undefined;
  if (body === null || typeof body !== 'object') return false;
  return integerText(body.id) === pet && (status === undefined || body.status === status);
}

/**
 * Whether an answer links a next page (RFC 8288, rel="next"): a service that pages by keys may
 * answer a short page, or an empty one, while the list goes on past it (how later pages are
 * fetched is not shown).
 */
function linksNext(ex: Exchange): boolean {
  const value = ex.response?.headers.link;
  return (
    value !== undefined && parseLinks(value).some((l) => 'rels' in l && l.rels.includes('next'))
  );
}

/**
 * A first page with no pet while the harness knows `known` exist (of the status asked for): a
 * page of a paginated list of animals (a page may be short, never empty then) or of a status
 * filter ("Filters by availability status") that lists none of them. Other clients may delete
 * pets, and statuses may move on (transitions are not shown), so it fails only when the page,
 * asked for again, is still empty while a pet of it was there both before and after; else it
 * warns. Undefined for a page that is not empty.
 */
export function emptyPageJudgement(
  ex: Exchange,
  known: number,
  what: string,
  recheck: EmptyRecheck | undefined,
): Judgement | undefined {
  if (itemCount(ex) > 0 || known <= 0) return undefined;
  const text = `an empty page, while ${known} ${what} exist (the harness saw or created them)`;
  if (!recheck) return warn(`${text}; no pet of it to read back, so not judged further`, [ex]);
  const { pet, status, before, again, after } = recheck;
  if (itemCount(again) > 0)
    return warn(`${text}; asked again, ${itemCount(again)} listed (a stale first answer?)`, [
      ex,
      again,
    ]);
  if (linksNext(again))
    return warn(
      `${text}; asked again, still empty, but it links a next page (rel="next"): the list goes on past it, and how later pages are fetched is not shown`,
      [ex, again],
    );
  const evidence = [ex, before, again, after];
  const of = status ? ` as ${status}` : '';
  if (shows(before, pet, status) && shows(after, pet, status)) {
    const stayed = `${text}; asked again, still empty, while getPet showed pet ${pet}${of} before and after`;
    return fail(finding('empty-page', { known, pet }, stayed), evidence);
  }
  return warn(
    `${text}; pet ${pet} was not shown${of} by getPet before and after the page was asked again (another client, or a transition, may explain it)`,
    evidence,
  );
}
