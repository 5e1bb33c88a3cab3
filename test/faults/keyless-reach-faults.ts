import type { AppRequest, Handler } from '../../src/reference/index.ts';
import type { Fault } from './types.ts';
import { errorOf, ITEM, matches, withKey } from './wrap.ts';

/**
 * Servers broken in what a request without the right key reaches: the store's pets told in a
 * refusal, paths and request forms a key check never sees, effects of requests refused 401.
 */

const keyless = (req: AppRequest, apiKey: string) =>
  req.headers.authorization !== `Bearer ${apiKey}`;

/** The name of the pet a keyless getPet asks for, read from the store with the key. */
async function storedName(app: Handler, req: AppRequest, apiKey: string): Promise<string> {
  const res = await app(withKey(req, apiKey));
  const name = (res.json as { name?: unknown } | undefined)?.name;
  return res.status === 200 && typeof name === 'string' ? name : 'unknown';
}

export const KEYLESS_REACH_FAULTS: Fault[] = [
  {
    name: '401-message-names-the-pet',
    description:
      'A getPet without the right key is refused 401, but the Error message names the pet asked for ("pet Rex is not yours"): the store read for anyone.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        if (!matches(req, 'GET', ITEM) || !keyless(req, apiKey)) return app(req);
        const name = await storedName(app, req, apiKey);
        return errorOf(401, 'unauthorized', `pet ${name} needs the owner's key`);
      },
  },
];
