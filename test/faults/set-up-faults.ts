import type { Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { LIST, matches } from './wrap.ts';

/** The reference, counting the pets it created: `wrap` gets the app and the count so far. */
function countingCreations(app: Handler, wrap: (app: Handler, created: () => number) => Handler) {
  let created = 0;
  const counted: Handler = async (req) => {
    const res = await app(req);
    if (matches(req, 'POST', LIST) && res.status === 201) created++;
    return res;
  };
  return wrap(counted, () => created);
}

/**
 * Faults that show only in answers no check asks for itself: the preflight's and the set-up's
 * (the seed pets, the pet to fetch, the unknown id probe). EVERY-ANSWER judges those too.
 */
export const SET_UP_FAULTS: Fault[] = [
  {
    name: 'empty-store-envelope',
    description:
      'While the store holds no pet, answers listPets with an envelope ({"data": []}) instead of a bare array: only the preflight and the first set-up requests see it.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (reference) =>
      countingCreations(reference, (app, created) => async (req) => {
        const res = await app(req);
        return matches(req, 'GET', LIST) && res.status === 200 && created() === 0
          ? { ...res, json: { data: res.json } }
          : res;
      }),
  },
];
