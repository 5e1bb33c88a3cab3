import { plural } from '../base/plural.ts';
import { GET_PET_SUNSET, VERSION_PREFIX } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { petInPage, urlOf } from './agreement.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { notErrorResponse, statusIsNot } from './problems.ts';
import { about, type Check, fail, pass, warn } from './types.ts';

export const VERSION_PREFIX_V1: Check<string> = {
  id: 'VERSION-PREFIX-V1',
  title: `The base URL ends in the version prefix ${VERSION_PREFIX}`,
  operation: 'all',
  clause: CLAUSES.versionPrefix,
  level: 'SHOULD',
  writes: false,
  judge: (baseUrl) => {
    const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
    return path.endsWith(VERSION_PREFIX)
      ? pass(`${baseUrl} ends in ${VERSION_PREFIX}`)
      : warn(
          `${baseUrl} does not end in ${VERSION_PREFIX}: is this the right version of the service?`,
        );
  },
};

/** True from the sunset day on. `today` is `YYYY-MM-DD`. */
export const isAfterSunset = (today: string) => today >= GET_PET_SUNSET;

/** getPet's answer for a pet that exists, on a given day. */
export interface LifecycleObservation {
  today: string;
  ex: Exchange;
  /** Where the pet came from, e.g. `created at 2026-11-22T10:00:00Z in this run`. */
  origin?: string;
  /**
   * When it answered 404 before the sunset (another client may have deleted it): a listPets
   * page taken right after, and getPet's answer for a second pet (created, or listed, just then).
   */
  listedAfter?: Exchange;
  /** The last second pet tried; `after`: how many were tried before it, each not found. */
  second?: { id: string; ex: Exchange; after?: number };
}

/** The id getPet was asked for, from its path. */
const askedId = (ex: Exchange) => decodeURIComponent(urlOf(ex).pathname.split('/').pop() ?? '');

// A 404 for one pet is a lost pet, not a removed route: say which pet, and where it came from.
function lostOrRemoved(ex: Exchange, origin: string | undefined): string {
  const status = ex.response?.status;
  if (status === 410) return ' (removed before the sunset)';
  if (status !== 404) return '';
  const from = origin ? `, ${origin},` : '';
  return ` (the pet ${askedId(ex)}${from} is not found)`;
}

/** True when a 404 before the sunset may be another client's deletion: look further. */
export const lookFurther = (today: string, ex: Exchange) =>
  !isAfterSunset(today) && ex.response?.status === 404;

/** Before the sunset: a pet answered 404, the page after it, and a second pet. */
function judgeMissing(o: LifecycleObservation) {
  const { today, ex, origin, listedAfter, second } = o;
  const id = askedId(ex);
  if (listedAfter && petInPage(listedAfter, id)) {
    const text = `pet ${id} answered 404, and a listPets page taken right after still holds it`;
    return fail(finding('listed-not-found', { id }, text), [ex, listedAfter], about(today));
  }
  const problem = statusIsNot(ex, 200);
  if (!second || !problem)
    return fail(problem ?? 'no answer', [ex], about(today, lostOrRemoved(ex, origin)));
  const again = statusIsNot(second.ex, 200);
  if (again) {
    const before = second.after ? ` (after ${plural(second.after, 'other')}, each not found)` : '';
    const text = `; a second pet, ${second.id}, read just then${before}: ${again}`;
    return fail(problem, [ex, second.ex], about(today, `${lostOrRemoved(ex, origin)}${text}`));
  }
  return pass(
    `${today}: getPet still works before ${GET_PET_SUNSET} (pet ${second.id}: 200; pet ${id} is gone: another client may have deleted it)`,
  );
}

export const SUNSET_GET_LIFECYCLE: Check<LifecycleObservation> = {
  id: 'SUNSET-GET-LIFECYCLE',
  title: `GET /pets/{petId} of an existing pet -> 200 before ${GET_PET_SUNSET} (a 404 for a pet another client may have deleted: a second pet is read), 404 or 410 Error from then on`,
  operation: 'getPet',
  clause: CLAUSES.sunset,
  level: 'MUST',
  writes: false,
  judge: (observation) => {
    const { today, ex, origin } = observation;
    if (isAfterSunset(today)) {
      const problem = notErrorResponse(ex, [404, 410]);
      if (!problem) return pass(`${today}: getPet is gone (${ex.response?.status})`);
      const still = ex.response?.status === 200 ? ' (still served after the sunset)' : '';
      return fail(problem, [ex], about(today, still));
    }
    const problem = statusIsNot(ex, 200);
    if (!problem) return pass(`${today}: getPet still works before ${GET_PET_SUNSET}`);
    if (lookFurther(today, ex)) return judgeMissing(observation);
    return fail(problem, [ex], about(today, lostOrRemoved(ex, origin)));
  },
};

export const VERSIONING_CHECKS = [VERSION_PREFIX_V1, SUNSET_GET_LIFECYCLE] as const;
