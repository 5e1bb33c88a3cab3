import { PET_STATUSES, type PetStatus } from '../../src/contract/contract.ts';
import type { Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { isObject, LIST, matches, parsedBody, rewriteJsonBody, withKey } from './wrap.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts every request it serves; `wrap` gets the app and the count so far. */
function countingRequests(app: Handler, wrap: (app: Handler, served: () => number) => Handler) {
  let served = 0;
  return wrap(
    (req) => {
      served++;
      return app(req);
    },
    () => served,
  );
}

/**
 * Faults in time: a pet published before it is complete, and a server that degrades once it
 * has served enough requests. Nothing but requests spread over the run, or sent while others
 * are under way, shows them.
 */
export const TIMELINE_FAULTS: Fault[] = [
  {
    name: 'publishes-incomplete-pet',
    description:
      'Stores a new pet with an empty name first and fills it in 30 ms later, before answering 201: a list taken meanwhile shows the pet incomplete.',
    caughtBy: ['RUN-MODEL'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!matches(req, 'POST', LIST) || res.status !== 201 || !isObject(res.json)) return res;
      // The reference answers with the stored pet itself: blank its name while it is "written".
      const pet = res.json;
      const name = pet.name;
      pet.name = '';
      await sleep(30);
      pet.name = name;
      return res;
    },
  },
  {
    name: 'auth-ignored-after-800',
    description:
      'Checks the key on its first 800 requests only; from then on it serves every request as if it carried the right key.',
    caughtBy: ['RUN-SENTINELS'],
    wrap: (reference, { apiKey }) =>
      countingRequests(
        reference,
        (app, served) => (req) => app(served() > 800 ? withKey(req, apiKey) : req),
      ),
  },
  {
    name: 'status-unchecked-after-1000',
    description:
      'After its 1000th request a reloaded validator no longer checks status against the enumeration: a NewPet with any string status gets 201.',
    caughtBy: ['RUN-SENTINELS'],
    wrap: (reference) =>
      countingRequests(reference, (app, served) => (req) => {
        if (served() < 1000 || !matches(req, 'POST', LIST)) return app(req);
        const body = parsedBody(req);
        const status = isObject(body) ? body.status : undefined;
        const unknown = typeof status === 'string' && !PET_STATUSES.includes(status as PetStatus);
        return app(unknown ? rewriteJsonBody(req, (b) => ({ ...b, status: 'available' })) : req);
      }),
  },
];
