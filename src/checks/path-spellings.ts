import { exactJson, exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { holdsPets } from './methods.ts';
import { firstProblem, noAnswer, serverError } from './problems.ts';
import { about, type Check, fail, type Judgement, pass, warn } from './types.ts';

/**
 * The contract's paths spelled otherwise: a trailing slash, doubled slashes, dot segments, a
 * format suffix, a matrix parameter, an encoded slash, a percent-encoded letter,
 * another letter case, no version prefix, and a query holding a path-like text an auth layer may match
 * (`?x=/health`). Where a router reads a spelling as the contract's path while the key check
 * matches the target as written, the operation is served without the key. The path spellings
 * lie outside the contract's paths, so without the right key any sane answer goes (404, 401,
 * 400, 301...), but not the operation: a 2xx with the store's pets, or a pet created, is an
 * operation done without HTTP bearer authentication. (The query spellings are the operations
 * themselves: EVERY-ANSWER owes them 401.)
 */

/** One request target: the whole path from the origin, as written, and a query as written. */
export interface Spelling {
  label: string;
  path: string;
  query?: string;
  /** Header fields sent with it (another Host). */
  headers?: Record<string, string>;
  /** Sent in absolute-form naming this origin (another authority than the base URL's). */
  absoluteOrigin?: string;
}

/**
 * Hosts a service may trust as its own machine (a health check, an internal caller) and let
 * past the key check: the request names another authority than the base URL's, so any sane
 * refusal goes, but not the operation.
 */
const LOCAL_HOSTS = ['localhost', 'localhost:8080', '[::1]'];

/** Path-like texts a key check may let through when the target ends in them. */
// A JSONP callback too: a widget's public route that wraps the page in a call.
const PUBLIC_QUERIES = ['x=/health', 'x=/public', 'x=.css', 'x=/login', 'callback=fn'];

/** `rest` with its last slash percent-encoded: `/pets` as `%2Fpets`, `/pets/7` as `/pets%2F7`. */
const encodedSlash = (rest: string, code: string) => rest.replace(/\/([^/]*)$/, `${code}$1`);

/** The base path without its last segment when that is a version (`/v1`): `/api/v1` as `/api`. */
const unversioned = (basePath: string) => basePath.replace(/\/v\d+$/i, '');

/**
 * The base path with its last segment (the version, `v1`) percent-encoded octet by octet:
 * `/v1` as `/%76%31`. The same path by RFC 3986 6.2.2.2, but not to a key check mounted on the
 * raw prefix while the router decodes every segment. Undefined for an empty base path.
 */
const encodedLastSegment = (basePath: string) =>
  /\/[^/]+$/.test(basePath)
    ? basePath.replace(
        /\/([^/]+)$/,
        (_, segment: string) =>
          `/${[...Buffer.from(segment)].map((o) => `%${o.toString(16).toUpperCase().padStart(2, '0')}`).join('')}`,
      )
    : undefined;

/** The first letter of `/pets` in upper case: `/Pets`. */
const capitalised = (rest: string) => rest.replace(/^\/p/, '/P');

/**
 * The spellings of one contract path (`rest` below the base path, e.g. `/pets` or `/pets/7`):
 * each class once, a dot segment as `/./` on the collection and `/x/../` on an item, another
 * case as `/Pets` on the collection and the base path in upper case on an item. A spelling
 * equal to the path (a base path without letters) is left out.
 */
export function spellingsOf(basePath: string, rest: string): Spelling[] {
  const item = rest !== '/pets';
  const canonical = `${basePath}${rest}`;
  const encodedBase = encodedLastSegment(basePath);
  const paths: Spelling[] = [
    { label: 'a trailing slash', path: `${canonical}/` },
    { label: 'a doubled leading slash', path: `/${canonical}` },
    { label: 'doubled slashes', path: `${basePath}${rest.replaceAll('/', '//')}` },
    item
      ? { label: 'a dot-dot segment', path: `${basePath}/x/..${rest}` }
      : { label: 'a dot segment', path: `${basePath}/.${rest}` },
    item
      ? { label: 'the base path in upper case', path: `${basePath.toUpperCase()}${rest}` }
      : { label: 'another letter case', path: `${basePath}${capitalised(rest)}` },
    // A format suffix a framework routes to the same handler (Rails, Django REST, Spring).
    { label: 'a .json suffix', path: `${canonical}.json` },
    { label: 'a ;matrix parameter', path: `${canonical};x=1` },
    // A slash percent-encoded is another path (RFC 3986 2.2: %2F is no `/`), but a router that
    // decodes before it routes serves it while a key check on the raw path lets it by.
    { label: 'an encoded slash', path: `${basePath}${encodedSlash(rest, '%2F')}` },
    { label: 'an encoded slash in lower case', path: `${basePath}${encodedSlash(rest, '%2f')}` },
    // The same path by RFC 3986 6.2.2.2 (%70 is p): a key check on the raw path misses it.
    { label: 'a percent-encoded letter', path: `${basePath}/%70${rest.slice(2)}` },
    // Encoded twice (%25 is %): a layer that decodes once more than the key check does.
    { label: 'a letter encoded twice', path: `${basePath}/%2570${rest.slice(2)}` },
    // An encoded NUL and a static suffix: a C-string boundary cuts the path at the NUL, while a
    // key check that exempts static files reads the suffix.
    { label: 'an encoded NUL and a .css suffix', path: `${canonical}%00.css` },
    // Encoded whitespace at the end: a router that trims each decoded segment (a framework's
    // path-variable trimming) serves what a key check on the exact path never matched.
    { label: 'an encoded space at the end', path: `${canonical}%20` },
    { label: 'an encoded tab at the end', path: `${canonical}%09` },
    ...(encodedBase === undefined
      ? []
      : [{ label: 'the version segment percent-encoded', path: `${encodedBase}${rest}` }]),
    // A backslash for a slash: a router that normalises it (a path layer born on Windows)
    // serves what a key check matching the raw `/v1/pets` prefix never saw.
    { label: 'a backslash after the base path', path: `${basePath}\\${rest.slice(1)}` },
    item
      ? {
          label: 'a backslash before the petId',
          path: `${basePath}${rest.replace(/\/([^/]*)$/, '\\$1')}`,
        }
      : { label: 'a trailing backslash', path: `${canonical}\\` },
    // A router of an older layout, mounted before the key check, that still serves the paths
    // without the version prefix (`/pets` beside `/v1/pets`).
    ...(unversioned(basePath) === basePath
      ? []
      : [{ label: 'no version prefix', path: `${unversioned(basePath)}${rest}` }]),
  ];
  const queries = PUBLIC_QUERIES.map((query) => ({
    label: `the query ${query}`,
    path: canonical,
    query,
  }));
  const hosts = LOCAL_HOSTS.map((host) => ({
    label: `the Host ${host}`,
    path: canonical,
    headers: { host },
  }));
  // In absolute-form, the authority is the target's (RFC 9112 3.2.2): one naming the loopback, for
  // a layer that takes such a request for a sidecar's.
  const absolute = {
    label: 'absolute-form naming localhost',
    path: canonical,
    absoluteOrigin: 'http://localhost',
  };
  return [...paths.filter((s) => s.path !== canonical), ...queries, ...hosts, absolute];
}

/** One spelled request without the right key, and for a POST what followed. */
export interface SpellingProbe {
  label: string;
  ex: Exchange;
  /** createPet: the name the body asked for (this run's own). */
  name?: string;
  /** createPet: getPet with the key of the id a 2xx answer gave (absent once getPet is removed). */
  after?: Exchange;
}

const statusOf = (ex: Exchange) => ex.response?.status ?? 0;

/**
 * A 2xx that showed pets or created one fails, and so do a 5xx and no answer (any request gets a
 * sane answer, as every other probe of the harness); another 2xx warns.
 */
function judgeSpelling(probe: SpellingProbe): Judgement | undefined {
  const { ex, after, label } = probe;
  const status = statusOf(ex);
  const broken = firstProblem(
    () => noAnswer(ex),
    () => serverError(ex),
  );
  if (broken) return fail(broken, [ex], about(label));
  if (status < 200 || status >= 300) return undefined;
  const created = (exactJson(after) as { name?: unknown } | undefined)?.name;
  if (after && statusOf(after) === 200 && probe.name !== undefined && created === probe.name)
    return fail(
      finding(
        'written-without-key',
        { status },
        `answered ${status} and getPet with the key finds the pet it made: created without the right key`,
      ),
      [ex, after],
      about(label),
    );
  if (holdsPets(ex))
    return fail(
      finding('pets-without-key', {}, 'the answer holds pets: served without the key'),
      [ex],
      about(label),
    );
  return warn(`${label}: answered ${status} without the right key (no pet shown or made)`, [ex]);
}

function judgeSpellings(probes: readonly SpellingProbe[]): Judgement {
  const warnings: Judgement[] = [];
  for (const probe of probes) {
    const verdict = judgeSpelling(probe);
    if (verdict?.verdict === 'fail') return verdict;
    if (verdict) warnings.push(verdict);
  }
  return warnings[0] ?? pass(`${probes.length} spelled requests, none served without the key`);
}

export const AUTH_PATH_SPELLINGS: Check<SpellingProbe[]> = {
  id: 'AUTH-PATH-SPELLINGS',
  title:
    'GET /pets and /pets/{petId} spelled otherwise (trailing slash, doubled slashes, dot segments, another letter case, a .json suffix, a ;parameter, letters encoded once or twice, the version segment encoded, a backslash for a slash, an encoded NUL) or with a path-like query (?x=/health), without a key or with a wrong one -> any sane answer, never the store’s pets (another 2xx: warn)',
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: false,
  judge: judgeSpellings,
};

export const AUTH_PATH_SPELLINGS_CREATE: Check<SpellingProbe[]> = {
  id: 'AUTH-PATH-SPELLINGS-CREATE',
  title:
    'POST /pets spelled otherwise (trailing slash, doubled slashes, dot segment, another letter case, a .json suffix, a ;parameter, the version segment encoded, a backslash for a slash) or with a path-like query, without a key or with a wrong one -> no pet created (a Pet in the answer, or getPet with the key finding it: fail; another 2xx: warn)',
  operation: 'createPet',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: true,
  judge: judgeSpellings,
};

export const PATH_SPELLING_CHECKS = [AUTH_PATH_SPELLINGS, AUTH_PATH_SPELLINGS_CREATE];

/** The pet id of a 2xx answer to a spelled POST, for the read that follows. */
export const createdId = (ex: Exchange) =>
  statusOf(ex) >= 200 && statusOf(ex) < 300 ? exactPetId(ex) : undefined;
