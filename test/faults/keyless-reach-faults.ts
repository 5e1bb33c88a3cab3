import { randomUUID } from 'node:crypto';
import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';
import { acceptWhen } from './auth-surface-faults.ts';
import type { Fault } from './types.ts';
import { errorOf, ITEM, LIST, matches, withKey } from './wrap.ts';

/**
 * Servers broken in what a request without the right key reaches: the store's pets told in a
 * refusal, paths and request forms a key check never sees, effects of requests refused 401.
 */

const keyless = (req: AppRequest, apiKey: string) =>
  req.headers.authorization !== `Bearer ${apiKey}`;

const NO_KEY_CHECKS = ['AUTH-LIST-NO-KEY', 'AUTH-CREATE-NO-KEY', 'AUTH-GET-NO-KEY'];

/** Serves a request as if it carried the right key when `pass` says so. */
const keyWhen =
  (pass: (req: AppRequest) => boolean) =>
  (app: Handler, { apiKey }: { apiKey: string }): Handler =>
    acceptWhen(app, apiKey, pass);

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
  {
    name: '401-names-expected-key',
    description:
      'A debug message left on: a 401 to a wrong key says which key was expected ("invalid key; expected <the key>"): anyone who sends any token learns the key.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        const res = await app(req);
        const sent = req.headers.authorization ?? '';
        if (res.status !== 401 || sent.includes(apiKey)) return res;
        return errorOf(401, 'unauthorized', `invalid API key; expected '${apiKey}'`);
      },
  },
  {
    name: 'upgrade-skips-key',
    description:
      'Handles a request that asks to upgrade to WebSocket (Upgrade: websocket) on a path of its own, which skips the key check and serves it as a plain request.',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers.upgrade?.toLowerCase() === 'websocket'),
  },
  {
    name: 'h2c-upgrade-skips-key',
    description:
      'Its edge hands a request that asks to upgrade to HTTP/2 in the clear (Upgrade: h2c) to a listener behind the key check (h2c smuggling): served without the key, as HTTP/1.1.',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers.upgrade?.toLowerCase() === 'h2c'),
  },
  {
    name: 'true-client-ip-trusted',
    description:
      'Trusts a loopback True-Client-IP (the client address Akamai and Cloudflare write) as an internal caller: served without the key.',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers['true-client-ip'] === '127.0.0.1'),
  },
  {
    name: 'preflight-fields-skip-key',
    description:
      'Its CORS layer takes any request carrying Access-Control-Request-Method for a preflight and lets it past the key check; the router serves it by its real method (a GET with the field gets the pets).',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers['access-control-request-method'] !== undefined),
  },
  {
    name: 'xhr-header-trusted',
    description:
      'Trusts X-Requested-With: XMLHttpRequest as a call from its own dashboard, already let in by the dashboard’s gateway: served without the key.',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers['x-requested-with']?.toLowerCase() === 'xmlhttprequest'),
  },
  {
    name: 'cron-header-skips-key',
    description:
      'Takes a request carrying X-Appengine-Cron: true for the platform’s own scheduled job and serves it without the key (nothing in front strips the field).',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers['x-appengine-cron'] === 'true'),
  },
  {
    name: 'envoy-internal-skips-key',
    description:
      'Trusts x-envoy-internal: true (Envoy’s mark for callers inside the network) as an internal caller that needs no key; a client that writes it is served.',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) => req.headers['x-envoy-internal'] === 'true'),
  },
  {
    name: 'forwarded-prefix-public',
    description:
      'Rebuilds the public path as X-Forwarded-Prefix + path and exempts /public, /health and /docs from the key check: a client that writes X-Forwarded-Prefix: /health itself is served.',
    caughtBy: NO_KEY_CHECKS,
    wrap: keyWhen((req) =>
      /^\/(public|health|docs)(\/|$)/.test(req.headers['x-forwarded-prefix'] ?? ''),
    ),
  },
  {
    name: 'event-stream-skips-key',
    description:
      'A live feed mounted on /v1/pets for Accept: text/event-stream sits before the key check: a keyless GET with that Accept is served.',
    caughtBy: ['AUTH-LIST-NO-KEY'],
    wrap: keyWhen((req) => /text\/event-stream/i.test(req.headers.accept ?? '')),
  },
  {
    name: 'range-served-from-cache',
    description:
      'A cache in front of the key check answers a request with a Range field from what it holds, key or not: 206 with the body a keyed request got.',
    caughtBy: NO_KEY_CHECKS,
    wrap:
      (app, { apiKey }) =>
      async (req) => {
        if (req.headers.range === undefined) return app(req);
        const res = await app(withKey(req, apiKey));
        return res.status === 200 ? { ...res, status: 206 } : res;
      },
  },
  {
    name: 'legacy-find-by-status-keyless',
    description:
      'Still serves the sample Swagger Petstore’s GET /pets/findByStatus?status=..., with no key check: the pets of that status to anyone.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        if (!matches(req, 'GET', /^\/pets\/findByStatus$/)) return app(req);
        const query = new URLSearchParams({ status: req.query.get('status') ?? 'available' });
        return app({ ...withKey(req, apiKey), path: '/v1/pets', query });
      },
  },
  {
    name: 'http10-without-host-skips-key',
    description:
      'Takes a request in HTTP/1.0 without a Host field for its load balancer’s health check and lets it past the key check: GET /v1/pets HTTP/1.0 with no Host is served without the key.',
    caughtBy: ['EQUIV-FRAMING'],
    wrap: keyWhen((req) => req.httpVersion === '1.0' && req.headers.host === undefined),
  },
  {
    name: 'absolute-form-localhost-skips-key',
    description:
      'Takes a request whose target is in absolute-form naming the loopback (GET http://localhost/v1/pets) for its sidecar proxy’s, and lets it past the key check.',
    caughtBy: ['AUTH-PATH-SPELLINGS'],
    wrap: keyWhen((req) => /^http:\/\/localhost[:/]/i.test(req.target ?? '')),
  },
  {
    name: 'share-subresource-keyless',
    description:
      'Mounts a public share page, GET /v1/pets/{petId}/share (and /card), ahead of the key check: it answers the Pet to anyone.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        matches(req, 'GET', /^\/pets\/[^/]+\/(share|card)$/)
          ? app({ ...withKey(req, apiKey), path: req.path.replace(/\/(share|card)$/, '') })
          : app(req),
  },
  {
    name: 'guest-session-on-401',
    description:
      'Its session layer runs before the key check and hands a guest session cookie to the 401 it answers; guest sessions may read: a keyless listPets or getPet that sends the cookie back is served.',
    caughtBy: ['AUTH-SESSION-COOKIE'],
    wrap: (app, { apiKey }) => {
      const guests = new Set<string>();
      return async (req) => {
        const sid = /(?:^|;\s*)psid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
        if (sid && guests.has(sid) && req.method === 'GET') return app(withKey(req, apiKey));
        const res = await app(req);
        if (res.status !== 401 || sid) return res;
        const guest = randomUUID();
        guests.add(guest);
        return { ...res, headers: { ...res.headers, 'set-cookie': `psid=${guest}; Path=/` } };
      };
    },
  },
  {
    name: 'session-on-preflight',
    description:
      'Its CORS layer answers every OPTIONS itself (204, before the key check) and starts a session there; a session may read and write: a keyless request that sends the cookie back is served.',
    caughtBy: ['AUTH-SESSION-COOKIE'],
    wrap: (app, { apiKey }) => {
      const sessions = new Set<string>();
      return async (req) => {
        const sid = /(?:^|;\s*)sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
        if (sid && sessions.has(sid)) return app(withKey(req, apiKey));
        if (req.method !== 'OPTIONS') return app(req);
        const session = randomUUID();
        sessions.add(session);
        const headers = {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'set-cookie': `sid=${session}; Path=/; HttpOnly`,
        };
        return { status: 204, headers, raw: '' };
      };
    },
  },
  {
    name: 'idempotent-replay-before-key',
    description:
      'Its idempotency layer sits before the key check: a POST whose Idempotency-Key and body match a stored createPet is answered the stored 201 with the pet, whatever its Authorization.',
    caughtBy: ['AUTH-CREATE-NO-KEY', 'AUTH-CREATE-WRONG-KEY'],
    wrap: (app) => {
      const stored = new Map<string, AppResponse>();
      return async (req) => {
        const key = req.headers['idempotency-key'];
        if (!matches(req, 'POST', LIST) || key === undefined) return app(req);
        const entry = `${key} ${req.body}`;
        const hit = stored.get(entry);
        if (hit) return hit;
        const res = await app(req);
        if (res.status === 201) stored.set(entry, res);
        return res;
      };
    },
  },
  {
    name: 'prototype-pollution-opens-key',
    description:
      'Merges a created NewPet into a fresh object with a recursive merge that follows "__proto__" (lodash.merge before 4.17.12): a keyed NewPet carrying "__proto__": {"authenticated": true} makes its key check pass every request after it, key or not.',
    caughtBy: ['RUN-SENTINELS'],
    wrap: (app, { apiKey }) => {
      // The pollution's effect kept in a flag: the real one would reach the harness's own process.
      let opened = false;
      return async (req) => {
        if (opened) return app(withKey(req, apiKey));
        const res = await app(req);
        if (res.status === 201 && grantsThroughProto(req.body)) opened = true;
        return res;
      };
    },
  },
  {
    name: 'multipart-create-before-key',
    description:
      'A multipart body parser mounted before the key check creates the pet its parts describe (name, categoryId) as it reads them, key or not: 201.',
    caughtBy: ['EVERY-ANSWER'],
    wrap:
      (app, { apiKey }) =>
      (req) => {
        const type = req.headers['content-type'] ?? '';
        if (!matches(req, 'POST', LIST) || !type.startsWith('multipart/form-data')) return app(req);
        const fields = partsOf(req.body);
        const pet = { name: fields.name ?? '', categoryId: Number(fields.categoryId ?? 0) };
        const headers = { ...req.headers, 'content-type': 'application/json' };
        return app(withKey({ ...req, headers, body: JSON.stringify(pet) }, apiKey));
      },
  },
  {
    name: 'public-cache-keyed',
    description:
      'Marks every 200 to a read Cache-Control: public, max-age=600 without Vary: Authorization: a CDN in front gives the store’s pets to requests without the key (RFC 9111 3.5).',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      return { ...res, headers: { ...res.headers, 'cache-control': 'public, max-age=600' } };
    },
  },
  {
    name: 'qualified-no-cache-public',
    description:
      'Marks every 200 to a read Cache-Control: public, max-age=300, no-cache="Set-Cookie" without Vary: Authorization: a qualified no-cache holds back the field it names only, and a shared cache gives the rest to requests without the key (RFC 9111 5.2.2.4).',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      const cacheControl = 'public, max-age=300, no-cache="Set-Cookie"';
      return { ...res, headers: { ...res.headers, 'cache-control': cacheControl } };
    },
  },
  {
    name: 'cdn-cache-control-public',
    description:
      'Marks every 200 to a read Cache-Control: private, no-store but CDN-Cache-Control: public, max-age=600, without Vary: Authorization: the CDN obeys its own field (RFC 9213) and gives the store’s pets to requests without the key.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      const headers = {
        ...res.headers,
        'cache-control': 'private, no-store',
        'cdn-cache-control': 'public, max-age=600',
      };
      return { ...res, headers };
    },
  },
  {
    name: 'create-answer-cacheable-for-reads',
    description:
      'Marks createPet’s 201 Cache-Control: public, max-age=600 with Content-Location: /v1/pets, its own target, and no Vary: a shared cache reuses it for a later GET /v1/pets (RFC 9110 9.3.3), and a request without the key gets the created pet.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (!matches(req, 'POST', LIST) || res.status !== 201) return res;
      const headers = {
        ...res.headers,
        'cache-control': 'public, max-age=600',
        'content-location': '/v1/pets',
      };
      return { ...res, headers };
    },
  },
  {
    name: '401-cached-for-an-hour',
    description:
      'Marks every 401 to a read Cache-Control: public, max-age=3600 without Vary: Authorization: a shared cache gives the refusal to requests with the right key for an hour.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 401) return res;
      return { ...res, headers: { ...res.headers, 'cache-control': 'public, max-age=3600' } };
    },
  },
  {
    name: '401-expires-in-an-hour',
    description:
      'Gives every 401 to a read an Expires an hour ahead and no Cache-Control nor Vary: Expires is a lifetime of its own (RFC 9111 4.2.1), and a shared cache gives the refusal to requests with the right key for an hour.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 401) return res;
      const expires = new Date(Date.now() + 3_600_000).toUTCString();
      return { ...res, headers: { ...res.headers, expires } };
    },
  },
  {
    name: 'must-revalidate-expires-keyed',
    description:
      'Marks every 200 to a read Cache-Control: must-revalidate with an Expires ten minutes ahead and no Vary: must-revalidate lets a shared cache store an answer to a request with Authorization (RFC 9111 3.5), Expires makes it fresh, and it goes to requests without the key.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      const expires = new Date(Date.now() + 600_000).toUTCString();
      const headers = { ...res.headers, 'cache-control': 'must-revalidate', expires };
      return { ...res, headers };
    },
  },
  {
    name: 'public-max-age-zero-keyed',
    description:
      'Marks every 200 to a read Cache-Control: public, max-age=0 without Vary: Authorization: a shared cache stores it, stale at once, and gives it to a request without the key that accepts a stale answer (max-stale, RFC 9111 4.2.4): nothing forbids it.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => async (req) => {
      const res = await app(req);
      if (req.method !== 'GET' || res.status !== 200) return res;
      return { ...res, headers: { ...res.headers, 'cache-control': 'public, max-age=0' } };
    },
  },
  {
    name: 'get-miss-makes-placeholder',
    description:
      'A read-through cache makes a placeholder for an id getPet missed: the first getPet of an unknown id answers 404, every later one 200 with a pet of that id.',
    caughtBy: ['EVERY-ANSWER'],
    wrap: (app) => {
      const placeholders = new Set<string>();
      return async (req) => {
        const res = await app(req);
        if (!matches(req, 'GET', ITEM) || (res.status !== 404 && res.status !== 200)) return res;
        const id = req.path.split('/').at(-1) ?? '';
        // Keyless, or not an integer: as the reference answers.
        if (!/^-?\d+$/.test(id) || res.status !== 404) return res;
        if (!placeholders.has(id)) {
          placeholders.add(id);
          return res;
        }
        const raw = `{"id":${id},"name":"placeholder","categoryId":0}`;
        return { status: 200, raw, headers: { 'content-type': 'application/json' } };
      };
    },
  },
];

/** The named parts of a multipart/form-data body, each part's text. */
function partsOf(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g))
    if (m[1] !== undefined) fields[m[1]] = m[2] ?? '';
  return fields;
}

/** A JSON body whose own `__proto__` member says `authenticated: true`. */
function grantsThroughProto(body: string): boolean {
  try {
    const proto = Object.getOwnPropertyDescriptor(JSON.parse(body), '__proto__')?.value;
    return (proto as { authenticated?: unknown } | undefined)?.authenticated === true;
  } catch {
    return false;
  }
}
