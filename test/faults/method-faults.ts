import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import { PetStore } from '../../src/reference/store.ts';
import type { Fault, FaultContext } from './types.ts';
import { errorOf, ITEM, isObject, LIST, matches, parsedBody, withKey } from './wrap.ts';

/**
 * Servers whose key check covers the contract's methods only: another method on its paths
 * (HEAD, OPTIONS, or a write the contract does not show) goes through without the key.
 */

/** A store the broken servers below write to as a client asked, key or not. */
class OpenStore extends PetStore {
  remove(id: string): boolean {
    return this.pets.delete(id);
  }

  rename(id: string, name: string) {
    const pet = this.pets.get(id);
    if (pet) this.pets.set(id, { ...pet, name });
    return pet && { ...pet, name };
  }
}

const idOf = (req: AppRequest) => req.path.split('/').at(-1) ?? '';

const NO_CONTENT: AppResponse = { status: 204, raw: '', headers: { 'content-type': '' } };

/**
 * The reference, with `method` on /pets/{petId} done by `write` whatever the key, then answered
 * `answer` (204, or the 401 of a key check that runs after the handler).
 */
const writesWithoutKey =
  (
    method: string,
    write: (store: OpenStore, req: AppRequest) => boolean,
    answer: AppResponse = NO_CONTENT,
  ) =>
  (_app: Handler, ctx: FaultContext): Handler => {
    const store = new OpenStore();
    const app = ctx.reference({ store });
    return (req) => (matches(req, method, ITEM) && write(store, req) ? answer : app(req));
  };

/** A form's `name` field, as the sample Swagger Petstore's POST /pet/{petId} reads it. */
const formName = (req: AppRequest) =>
  req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ? (new URLSearchParams(req.body).get('name') ?? undefined)
    : undefined;

/** The method a method-override layer reads: X-HTTP-Method-Override, X-Method-Override, X-HTTP-Method or ?_method=. */
const overrideOf = (req: AppRequest): string | undefined =>
  req.headers['x-http-method-override'] ??
  req.headers['x-method-override'] ??
  req.headers['x-http-method'] ??
  req.query.get('_method') ??
  undefined;

export const METHOD_FAULTS: readonly Fault[] = [
  {
    name: 'head-skips-key',
    description:
      'Checks the key on GET and POST only: HEAD /pets and /pets/{petId} (GET without content) answer 200 without a key.',
    caughtBy: ['AUTH-HEAD'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(req.method === 'HEAD' ? withKey(req, apiKey) : req),
  },
  {
    name: 'options-answers-as-get',
    description:
      'Answers OPTIONS as GET, without the key check (a CORS layer that lets preflights through to the handler): the store’s pets without a key.',
    caughtBy: ['AUTH-OPTIONS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(req.method === 'OPTIONS' ? { ...withKey(req, apiKey), method: 'GET' } : req),
  },
  {
    name: 'delete-without-key',
    description:
      'Has a DELETE /pets/{petId} (an operation the contract does not show) that deletes the pet without checking the key: 204.',
    caughtBy: ['AUTH-OTHER-METHODS'],
    wrap: writesWithoutKey('DELETE', (store, req) => store.remove(idOf(req))),
  },
  {
    name: 'trace-405-html',
    description:
      'Refuses TRACE with the web server’s own 405 page (text/html), not the Error body.',
    caughtBy: ['ERROR-BODY-OTHER-METHODS'],
    wrap: (app) => (req) =>
      req.method === 'TRACE'
        ? {
            status: 405,
            raw: '<h1>405 Method Not Allowed</h1>',
            headers: { 'content-type': 'text/html' },
          }
        : app(req),
  },
  {
    name: 'delete-then-401',
    description:
      'Deletes the pet a DELETE /pets/{petId} names, key or not, and only then answers 401 to a request without the key (a key check in a middleware that runs after the handler).',
    caughtBy: ['AUTH-OTHER-METHODS'],
    wrap: (_app, ctx) => {
      const store = new OpenStore();
      const app = ctx.reference({ store });
      return (req) => {
        if (!matches(req, 'DELETE', ITEM) || !store.remove(idOf(req))) return app(req);
        const keyed = req.headers.authorization === `Bearer ${ctx.apiKey}`;
        return keyed
          ? NO_CONTENT
          : errorOf(401, 'unauthorized', 'The API key is missing or invalid.');
      };
    },
  },
  {
    name: 'form-update-without-key',
    description:
      'Has the sample Swagger Petstore’s update of a pet by a form (POST /pets/{petId}, name=...) with no key check: it renames the pet and answers 401 all the same.',
    caughtBy: ['AUTH-OTHER-METHODS'],
    wrap: writesWithoutKey(
      'POST',
      (store, req) => {
        const name = formName(req);
        return name !== undefined && store.rename(idOf(req), name) !== undefined;
      },
      errorOf(401, 'unauthorized', 'The API key is missing or invalid.'),
    ),
  },
  {
    name: 'patch-without-key',
    description: 'Has a PATCH /pets/{petId} that renames the pet without checking the key: 204.',
    caughtBy: ['AUTH-OTHER-METHODS'],
    wrap: writesWithoutKey('PATCH', (store, req) => {
      const body = parsedBody(req);
      return isObject(body) && typeof body.name === 'string'
        ? store.rename(idOf(req), body.name) !== undefined
        : false;
    }),
  },
  {
    name: 'method-override-skips-key',
    description:
      'Lets every OPTIONS past the key check (CORS preflights), and a later layer turns OPTIONS or POST with X-HTTP-Method-Override (or X-Method-Override, X-HTTP-Method, ?_method=) into that method: the store’s pets, or a pet created, without a key.',
    caughtBy: ['AUTH-METHOD-OVERRIDE'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const override = overrideOf(req);
        if (!override || !['OPTIONS', 'POST'].includes(req.method)) return app(req);
        const keyed = req.method === 'OPTIONS' ? withKey(req, apiKey) : req;
        return app({ ...keyed, method: override.toUpperCase() });
      },
  },
  {
    name: 'head-unknown-pet-200',
    description:
      'A framework’s automatic HEAD for the getPet route answers 200 with the route’s headers without looking the pet up: HEAD /v1/pets/{id} of an id no pet has gets 200 with the key, where GET gets 404.',
    caughtBy: ['EQUIV-FRAMING'],
    // RFC 9110's alone (the contract does not name HEAD): a failure under certify, a warning else.
    profile: 'certify',
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'HEAD' || res.status !== 404 || !/^\/v1\/pets\/[^/]+$/.test(req.path))
        return res;
      return { status: 200, headers: { 'content-type': 'application/json' }, raw: '' };
    },
  },
  {
    name: 'override-to-options-skips-key',
    description:
      'Its key check goes by the method X-HTTP-Method-Override (or X-Method-Override, X-HTTP-Method, ?_method=) names and lets OPTIONS through (CORS preflights); the router goes by the request’s own method: a keyless GET naming OPTIONS gets the store’s pets, a POST a pet created.',
    caughtBy: ['AUTH-METHOD-OVERRIDE'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const override = overrideOf(req);
        return app(override?.toUpperCase() === 'OPTIONS' ? withKey(req, apiKey) : req);
      },
  },
  {
    name: 'query-method-skips-key',
    description:
      'Takes the QUERY method on /v1/pets as a listPets whose filters travel in the body, but its key check guards a fixed list of methods (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, TRACE): a keyless QUERY gets the store’s pets.',
    caughtBy: ['AUTH-EXTENSION-METHODS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        matches(req, 'QUERY', LIST)
          ? app({ ...withKey(req, apiKey), method: 'GET', body: '' })
          : app(req),
  },
  {
    name: 'other-methods-405-plain',
    description:
      'With the key, answers a method the path does not have (DELETE, PUT, PATCH, OPTIONS) 405 with an empty text/plain body, not an Error; without it, 401 as it should.',
    caughtBy: ['ERROR-BODY-OTHER-METHODS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      return res.status === 405
        ? { status: 405, headers: { 'content-type': 'text/plain' }, raw: '' }
        : res;
    },
  },
  {
    name: 'unknown-path-html-404',
    description:
      'With the key, answers a path it has no route for (/v1/animals, /v1/pets/1/photos, /v1/store/orders) with its framework’s default 404 page in text/html, not an Error; the contract’s two paths answer as they should.',
    caughtBy: ['ERROR-BODY-OTHER-PATHS'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const message = isObject(res.json) ? res.json.message : undefined;
      // The reference's 404 for a path it has no route for; its 404 for an unknown pet is `Pet ...`.
      return res.status === 404 && typeof message === 'string' && !message.startsWith('Pet ')
        ? {
            status: 404,
            headers: { 'content-type': 'text/html; charset=utf-8' },
            raw: `<!DOCTYPE html><html><body><pre>Cannot ${req.method} ${req.path}</pre></body></html>`,
          }
        : res;
    },
  },
  {
    name: 'spelled-path-html-404',
    description:
      'Answers a path under /v1 it has no route for, when spelled otherwise than a router writes one (a percent-encoding, a dot segment, a doubled slash, a ;parameter, another letter case), with an HTML page (its 404, or its 401 without the key): an error answer that is no Error. Plain unknown paths (/v1/animals) answer an Error.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      const message = isObject(res.json) ? res.json.message : undefined;
      const spelled = /%|\/\.|\/\/|;|\/V1|\/P/.test(req.target ?? req.path);
      const refused =
        res.status === 401 || (res.status === 404 && !String(message).startsWith('Pet '));
      return spelled && refused
        ? {
            status: res.status,
            headers: { 'content-type': 'text/html' },
            raw: '<html><body><h1>404 Not Found</h1><hr>nginx</body></html>',
          }
        : res;
    },
  },
  {
    name: 'collection-writes-405-plain',
    description:
      'With the key, answers PATCH, PUT and DELETE on /pets with its router’s default 405 and a text/plain body, not an Error (the item path’s 405 is an Error).',
    caughtBy: ['ERROR-BODY-OTHER-METHODS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        ['PATCH', 'PUT', 'DELETE'].some((m) => matches(req, m, LIST)) &&
        req.headers.authorization === `Bearer ${apiKey}`
          ? { status: 405, headers: { 'content-type': 'text/plain' }, raw: 'Method Not Allowed' }
          : app(req),
  },
];
