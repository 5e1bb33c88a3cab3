import type { AppRequest, Handler } from '../../src/reference/index.ts';
import { parseNewPet } from '../../src/reference/new-pet.ts';
import type { Fault } from './types.ts';
import { ITEM, intercept, LIST, withKey } from './wrap.ts';

const ops = ['LIST', 'CREATE', 'GET'] as const;
const everyOperation = (state: string) => ops.map((op) => `AUTH-${op}-${state}`);
const tokenOf = (req: AppRequest) => /^Bearer (.*)$/i.exec(req.headers.authorization ?? '')?.[1];

/** Serves a request as if it carried the right key when `accept` says so. */
export function acceptWhen(
  app: Handler,
  apiKey: string,
  accept: (req: AppRequest) => boolean,
): Handler {
  return (req) => app(accept(req) ? withKey(req, apiKey) : req);
}

/** The user name and password of a Basic credential (RFC 7617), or undefined. */
const basicPair = (req: AppRequest) => {
  const encoded = /^Basic (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const decoded = encoded && Buffer.from(encoded, 'base64').toString('utf8');
  return decoded?.includes(':') ? decoded.split(':') : undefined;
};
const basicUser = (req: AppRequest) => basicPair(req)?.[0];

const cookieKey = (req: AppRequest) =>
  /(?:^|;\s*)api_key=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];

/** The key's value is checked only after the input: a present but wrong key gets the input's answer. */
function validatesBeforeKeyValue(app: Handler, apiKey: string): Handler {
  return async (req) => {
    if (!req.headers.authorization) return app(req);
    const keyed = await app(withKey(req, apiKey));
    return keyed.status === 400 || keyed.status === 404 ? keyed : app(req);
  };
}

/** Credentials near the key, or outside the Authorization header, or on a trusted socket. */
export const AUTH_SURFACE_FAULTS: Fault[] = [
  {
    name: 'auth-key-prefix-accepted',
    description: 'Accepts any bearer token that starts with the key (a startsWith comparison).',
    caughtBy: everyOperation('NEAR-KEY'),
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, (req) => !!tokenOf(req)?.startsWith(apiKey)),
  },
  {
    name: 'auth-key-containing-accepted',
    description: 'Accepts any bearer token that contains the key.',
    caughtBy: everyOperation('NEAR-KEY'),
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, (req) => !!tokenOf(req)?.includes(apiKey)),
  },
  {
    name: 'auth-key-first-word',
    description:
      'Takes the first word of a bearer token as the key: `Bearer <key> junk` is served.',
    caughtBy: everyOperation('NEAR-KEY'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => tokenOf(req)?.split(' ')[0] === apiKey),
  },
  {
    name: 'auth-scheme-unanchored',
    description:
      "Looks for `Bearer ` anywhere in the header (header.split('Bearer ')[1]): `XBearer <key>` is served.",
    caughtBy: everyOperation('OTHER-SCHEME'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => req.headers.authorization?.split('Bearer ')[1] === apiKey),
  },
  {
    name: 'auth-bare-key-accepted',
    description:
      "Strips an optional `Bearer ` before comparing (header.replace(/^Bearer /, '')): the key alone, with no scheme, is served.",
    caughtBy: everyOperation('OTHER-SCHEME'),
    wrap: (app, { apiKey }) =>
      acceptWhen(
        app,
        apiKey,
        (req) => req.headers.authorization?.replace(/^Bearer /, '') === apiKey,
      ),
  },
  {
    name: 'auth-scheme-ignored',
    description:
      "Takes the token after the first space whatever the scheme (header.split(' ')[1]): `Token <key>` is served.",
    caughtBy: everyOperation('OTHER-SCHEME'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => req.headers.authorization?.split(' ')[1] === apiKey),
  },
  {
    name: 'auth-key-prefix-compared',
    description:
      'Compares only the first 12 characters of a bearer token as long as the key: the key with its last character changed is served.',
    caughtBy: everyOperation('NEAR-KEY'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => {
        const token = tokenOf(req) ?? '';
        return token.length === apiKey.length && token.slice(0, 12) === apiKey.slice(0, 12);
      }),
  },
  {
    name: 'auth-basic-key-as-user',
    description:
      'Accepts the key as the user name of a Basic credential (Basic base64("<key>:")), as a gateway that takes either scheme does.',
    caughtBy: everyOperation('OTHER-SCHEME'),
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, (req) => basicUser(req) === apiKey),
  },
  {
    name: 'auth-basic-key-as-password',
    description:
      'Accepts the key as the password of a Basic credential, whatever the user name (Basic base64("x:<key>")).',
    caughtBy: everyOperation('OTHER-SCHEME'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => basicPair(req)?.slice(1).join(':') === apiKey),
  },
  {
    name: 'auth-x-api-key-accepted',
    description:
      'Accepts the key in an X-API-Key header with no Authorization (an API gateway’s habit).',
    caughtBy: everyOperation('KEY-IN-HEADER'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => req.headers['x-api-key'] === apiKey),
  },
  {
    name: 'auth-x-authorization-accepted',
    description:
      'Reads the bearer key from X-Authorization when Authorization is absent (where a gateway in front would have copied it).',
    caughtBy: everyOperation('KEY-IN-HEADER'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => req.headers['x-authorization'] === `Bearer ${apiKey}`),
  },
  {
    name: 'auth-websocket-subprotocol-key',
    description:
      'Takes the key from Sec-WebSocket-Protocol: bearer, <key> (the browser WebSocket convention) on every request, not only on an upgrade.',
    caughtBy: everyOperation('KEY-IN-HEADER'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) =>
        (req.headers['sec-websocket-protocol'] ?? '')
          .split(',')
          .some((token) => token.trim() === apiKey),
      ),
  },
  {
    name: 'auth-api-key-header-accepted',
    description:
      'Accepts the key in an api_key header (the sample Swagger Petstore’s name) with no Authorization.',
    caughtBy: everyOperation('KEY-IN-HEADER'),
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, (req) => req.headers.api_key === apiKey),
  },
  {
    name: 'auth-key-truncation-accepted',
    description:
      'Accepts a bearer token the key starts with, if at least half as long (a cut-short key).',
    caughtBy: everyOperation('NEAR-KEY'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => {
        const token = tokenOf(req) ?? '';
        return token.length * 2 >= apiKey.length && apiKey.startsWith(token);
      }),
  },
  {
    name: 'auth-key-case-insensitive',
    description: 'Compares the key without regard to letter case.',
    caughtBy: everyOperation('NEAR-KEY'),
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => tokenOf(req)?.toLowerCase() === apiKey.toLowerCase()),
  },
  {
    name: 'auth-query-api-key-accepted',
    description: 'Accepts the key in an api_key query parameter, with no Authorization header.',
    caughtBy: [...everyOperation('KEY-IN-QUERY'), 'AUTH-BEFORE-LIMIT', 'AUTH-BEFORE-BODY'],
    wrap: (app, { apiKey }) =>
      acceptWhen(app, apiKey, (req) => req.query.get('api_key') === apiKey),
  },
  {
    name: 'auth-query-access-token-on-reads',
    description: 'Accepts the key in an access_token query parameter on GET requests.',
    caughtBy: ['AUTH-LIST-KEY-IN-QUERY', 'AUTH-GET-KEY-IN-QUERY', 'AUTH-BEFORE-PETID'],
    wrap: (app, { apiKey }) =>
      acceptWhen(
        app,
        apiKey,
        (req) => req.method === 'GET' && req.query.get('access_token') === apiKey,
      ),
  },
  {
    name: 'auth-query-token-accepted',
    description:
      'Accepts the key in a token or key query parameter (for links that cannot carry a header), with no Authorization.',
    caughtBy: everyOperation('KEY-IN-QUERY'),
    wrap: (app, { apiKey }) =>
      acceptWhen(
        app,
        apiKey,
        (req) => req.query.get('token') === apiKey || req.query.get('key') === apiKey,
      ),
  },
  {
    name: 'auth-cookie-accepted',
    description: 'Accepts the key in an api_key cookie, with no Authorization header.',
    caughtBy: [...everyOperation('KEY-IN-COOKIE'), 'AUTH-BEFORE-STATUS', 'AUTH-BEFORE-EXISTENCE'],
    wrap: (app, { apiKey }) => acceptWhen(app, apiKey, (req) => cookieKey(req) === apiKey),
  },
  {
    name: 'auth-kept-alive-connection-trusted',
    description:
      'Once a connection has carried the valid key, serves its later requests without one.',
    caughtBy: everyOperation('KEPT-ALIVE'),
    wrap: (app, { apiKey }) => {
      const trusted = new WeakSet<object>();
      return (req) => {
        const socket = req.connection;
        if (socket && tokenOf(req) === apiKey) trusted.add(socket);
        return app(
          socket && trusted.has(socket) && !req.headers.authorization ? withKey(req, apiKey) : req,
        );
      };
    },
  },
  {
    name: 'auth-value-checked-after-input',
    description:
      'Checks that a key is present first, but its value only after the input: a wrong key with invalid input gets 400/404.',
    caughtBy: [
      'AUTH-BEFORE-LIMIT',
      'AUTH-BEFORE-STATUS',
      'AUTH-BEFORE-BODY',
      'AUTH-BEFORE-PETID',
      'AUTH-BEFORE-EXISTENCE',
    ],
    wrap: (app, { apiKey }) => validatesBeforeKeyValue(app, apiKey),
  },
  {
    name: 'auth-after-query-validation',
    description: 'listPets validates limit and status before the key.',
    caughtBy: ['AUTH-BEFORE-LIMIT', 'AUTH-BEFORE-STATUS', 'AUTH-LIST-KEPT-ALIVE'],
    wrap: (app, { apiKey }) =>
      intercept(app, 'GET', LIST, async (req) => {
        const keyed = await app(withKey(req, apiKey));
        return keyed.status === 400 ? keyed : app(req);
      }),
  },
  {
    name: 'auth-after-petid-validation',
    description:
      'getPet validates the petId before the key: a non-integer petId without key gets 400.',
    caughtBy: ['AUTH-BEFORE-PETID', 'AUTH-GET-KEPT-ALIVE'],
    wrap: (app, { apiKey }) =>
      intercept(app, 'GET', ITEM, (req) =>
        /^\/v1\/pets\/-?\d+$/.test(req.path) ? undefined : app(withKey(req, apiKey)),
      ),
  },
  {
    name: 'auth-wrong-key-body-validated',
    description: 'createPet with a wrong (not missing) key validates the body first.',
    caughtBy: ['AUTH-BEFORE-BODY'],
    wrap: (app, { apiKey }) =>
      intercept(app, 'POST', LIST, (req) =>
        !req.headers.authorization || parseNewPet(req.body).ok
          ? undefined
          : app(withKey(req, apiKey)),
      ),
  },
  {
    name: 'session-cookie-skips-key',
    description:
      'Opens a session on every answer to the key (Set-Cookie: sid=...; HttpOnly; Path=/) and serves any later request carrying that cookie, with no key or a wrong one.',
    caughtBy: ['AUTH-SESSION-COOKIE'],
    wrap: (app, { apiKey }) => {
      const sessions = new Set<string>();
      return async (req) => {
        const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
        if (sid && sessions.has(sid)) return app(withKey(req, apiKey));
        if (tokenOf(req) !== apiKey) return app(req);
        const res = await app(req);
        const opened = `s${sessions.size + 1}`;
        sessions.add(opened);
        const cookie = `sid=${opened}; HttpOnly; Path=/; Expires=Wed, 01 Dec 2100 00:00:00 GMT`;
        return { ...res, headers: { ...res.headers, 'set-cookie': cookie } };
      };
    },
  },
];
