import { GET_PET_SUNSET, VERSION_PREFIX } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
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
}

// A 404 for one pet is a lost pet, not a removed route: say which pet, and where it came from.
function lostOrRemoved(ex: Exchange, origin: string | undefined): string {
  const status = ex.response?.status;
  if (status === 410) return ' (removed before the sunset)';
  if (status !== 404) return '';
  const petId = new URL(ex.request.url).pathname.split('/').pop() ?? '';
  const from = origin ? `, ${origin},` : '';
  return ` (the pet ${decodeURIComponent(petId)}${from} is not found)`;
}

export const SUNSET_GET_LIFECYCLE: Check<LifecycleObservation> = {
  id: 'SUNSET-GET-LIFECYCLE',
  title: `GET /pets/{petId} of an existing pet -> 200 before ${GET_PET_SUNSET}, 404 or 410 Error from then on`,
  operation: 'getPet',
  clause: CLAUSES.sunset,
  level: 'MUST',
  writes: false,
  judge: ({ today, ex, origin }) => {
    if (isAfterSunset(today)) {
      const problem = notErrorResponse(ex, [404, 410]);
      if (!problem) return pass(`${today}: getPet is gone (${ex.response?.status})`);
      const still = ex.response?.status === 200 ? ' (still served after the sunset)' : '';
      return fail(problem, [ex], about(today, still));
    }
    const problem = statusIsNot(ex, 200);
    if (!problem) return pass(`${today}: getPet still works before ${GET_PET_SUNSET}`);
    return fail(problem, [ex], about(today, lostOrRemoved(ex, origin)));
  },
};

export const VERSIONING_CHECKS = [VERSION_PREFIX_V1, SUNSET_GET_LIFECYCLE] as const;
