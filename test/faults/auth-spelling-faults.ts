import type { AppRequest, Handler } from '../../src/reference/index.ts';
import type { Fault, ServerVariant } from './types.ts';
import { errorOf, withKey } from './wrap.ts';

/**
 * Servers whose router and key check read the request target differently: the router takes a
 * spelling of a contract path (a trailing slash, doubled slashes, dot segments, another letter
 * case) as that path, while the key check, matching the target as written, lets it through; or
 * the key check skips any target that ends like a public route (`/health`), query included.
 */

/** The path of the request target as sent (AppRequest.path went through new URL: dots resolved). */
export const rawPathOf = (req: AppRequest) => (req.target ?? req.path).split('?')[0] ?? '';
const rawQueryOf = (req: AppRequest) => {
  const target = req.target ?? req.path;
  const at = target.indexOf('?');
  return at < 0 ? '' : target.slice(at + 1);
};

const ROUTE = /^\/v1\/pets(?:\/[^/]+)?$/;

/** Resolves `.` and `..` segments (RFC 3986 5.2.4), as a router that normalises does. */
export function resolveDots(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const last = path.split('/').at(-1);
  return `/${out.join('/')}${last === '.' || last === '..' ? '/' : ''}`;
}

/** The spellings a router takes as a contract path, each by what it undoes. */
export const SPELLINGS = {
  trailing: (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p),
  slashes: (p: string) => p.replace(/\/{2,}/g, '/'),
  dots: resolveDots,
  // The letter case of the path's words, not of a petId (`/v1/pets/1E3` is another matter).
  case: (p: string) => p.replace(/^\/[^/]*\/[^/]*/, (words) => words.toLowerCase()),
  // A format suffix or a matrix parameter on the last segment (`/pets/7.json`, `/pets;x=1`).
  suffix: (p: string) => p.replace(/(\.json|;[^/]*)$/, ''),
  // A target encoded twice (`%2570` is `%70` is p), decoded twice by a layer before the router.
  twice: (p: string) => (p.includes('%25') ? decodedTwice(p) : p),
  // A C-string boundary: the path ends at an encoded NUL.
  nul: (p: string) => p.replace(/%00.*$/, ''),
} as const;

function decodedTwice(p: string): string {
  try {
    return decodeURIComponent(decodeURIComponent(p));
  } catch {
    return p;
  }
}

/**
 * The router reads `canonical(path)`; the key check compares the target as written with the
 * contract's paths, so a spelling that differs from them gets no key check: served with the key.
 */
function routerForgives(canonical: (path: string) => string) {
  return (app: Handler, { apiKey }: { apiKey: string }): Handler =>
    (req) => {
      const raw = rawPathOf(req);
      const path = canonical(raw);
      if (path === raw || !ROUTE.test(path)) return app(req);
      return app({ ...withKey(req, apiKey), path });
    };
}

const GETS_AND_POSTS = ['AUTH-PATH-SPELLINGS', 'AUTH-PATH-SPELLINGS-CREATE'];

export const AUTH_SPELLING_FAULTS: Fault[] = [
  {
    name: 'auth-skips-trailing-slash',
    description:
      'The key check matches the paths as written, the router ignores a trailing slash: GET /v1/pets/, POST /v1/pets/ and GET /v1/pets/{petId}/ are served without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.trailing),
  },
  {
    name: 'auth-skips-double-slash',
    description:
      'The key check matches the paths as written, the router merges doubled slashes: //v1/pets and /v1//pets//{petId} are served without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.slashes),
  },
  {
    name: 'auth-skips-dot-segment',
    description:
      'The key check matches the paths as written, the router resolves dot segments: /v1/./pets and /v1/x/../pets/{petId} are served without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.dots),
  },
  {
    name: 'auth-skips-path-case',
    description:
      'The key check matches the paths case-sensitively, the router does not: /v1/Pets and /V1/pets/{petId} are served without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.case),
  },
  {
    name: 'auth-skips-format-suffix',
    description:
      'The key check matches the paths as written, the router strips a format suffix or a matrix parameter: /v1/pets.json, /v1/pets/{petId}.json and /v1/pets;x=1 are served without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.suffix),
  },
  {
    name: 'auth-skips-double-encoding',
    description:
      'A layer in front decodes the target once more than the key check reads it: /v1/%2570ets is served as /v1/pets without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.twice),
  },
  {
    name: 'auth-skips-nul-suffix',
    description:
      'The key check exempts static files by their suffix, the handler reads the path up to an encoded NUL: /v1/pets%00.css is served as /v1/pets without a key.',
    caughtBy: GETS_AND_POSTS,
    wrap: routerForgives(SPELLINGS.nul),
  },
  {
    name: 'auth-skips-get-dot-segment',
    description:
      'On GET only, the router resolves dot segments the key check does not: GET /v1/./pets and /v1/x/../pets/{petId} are served without a key.',
    caughtBy: ['AUTH-PATH-SPELLINGS'],
    wrap: (app, ctx) => {
      const forgiving = routerForgives(SPELLINGS.dots)(app, ctx);
      return (req) => (req.method === 'GET' ? forgiving(req) : app(req));
    },
  },
  {
    name: 'auth-skips-post-trailing-slash',
    description:
      'On POST only, the router ignores a trailing slash the key check does not: POST /v1/pets/ creates a pet without a key.',
    caughtBy: ['AUTH-PATH-SPELLINGS-CREATE'],
    wrap: (app, ctx) => {
      const forgiving = routerForgives(SPELLINGS.trailing)(app, ctx);
      return (req) => (req.method === 'POST' ? forgiving(req) : app(req));
    },
  },
  {
    name: 'auth-skips-health-suffix',
    description:
      "The key check lets through any target ending in /health (req.url.endsWith('/health'), meant for a health route): GET /v1/pets?x=/health is served without a key.",
    caughtBy: ['AUTH-PATH-SPELLINGS'],
    wrap:
      (app, { apiKey }) =>
      (req) =>
        app(rawQueryOf(req).endsWith('/health') ? withKey(req, apiKey) : req),
  },
];

/**
 * A path spelled otherwise than the contract writes it, for the variants below. Not a suffix:
 * `/v1/pets/1.json` is the contract's getPet path with the petId `1.json`, owed 401 without the
 * key like any petId (AUTH-BEFORE-PETID).
 */
const otherSpelling = (raw: string) =>
  [SPELLINGS.trailing, SPELLINGS.slashes, SPELLINGS.dots, SPELLINGS.case].some((undo) => {
    const path = undo(raw);
    return path !== raw && ROUTE.test(path);
  });

/** Servers that route spellings of the contract's paths their own way and still check the key. */
export const SPELLING_VARIANTS: readonly ServerVariant[] = [
  {
    name: 'spellings-refused-before-key',
    description:
      'Answers a spelling of a contract path (trailing slash: 301 to the path; doubled slashes, dot segments, another letter case: 404 Error) before any key check.',
    wrap: (app) => (req) => {
      const raw = rawPathOf(req);
      if (!otherSpelling(raw)) return app(req);
      const path = SPELLINGS.trailing(raw);
      if (path !== raw && ROUTE.test(path))
        return { status: 301, headers: { location: path }, json: { moved: path } };
      return errorOf(404, 'not_found', 'No such route.');
    },
  },
  {
    name: 'spellings-served-with-key',
    description:
      'Routes every spelling of a contract path (trailing slash, doubled slashes, dot segments, another letter case) to it, after the key check: served with the key, 401 without.',
    wrap: (app) => (req) => {
      const raw = rawPathOf(req);
      let path = raw;
      for (const undo of Object.values(SPELLINGS)) path = undo(path);
      return path !== raw && ROUTE.test(path) ? app({ ...req, path }) : app(req);
    },
  },
];
