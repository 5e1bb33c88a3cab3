import { exactJson } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { firstProblem, noAnswer, notErrorResponse, serverError } from './problems.ts';
import { about, type Check, fail, type Judgement, pass, warn } from './types.ts';

/**
 * Other methods on the contract's two paths, without the right key. HEAD is GET without content
 * (RFC 9110 9.3.2), so it is the same operation; DELETE, PUT and PATCH are operations the
 * contract does not show, but "every operation requires HTTP bearer authentication"; OPTIONS
 * (a CORS preflight) may be answered without a key, but not with the store's pets.
 */

/** Which key a request carried. */
export type KeyState = 'valid' | 'wrong' | 'none';

/** One request of another method, the key it carried, and its answer. */
export interface MethodProbe {
  label: string;
  key: KeyState;
  ex: Exchange;
}

const statusOf = (ex: Exchange) => ex.response?.status ?? 0;
const is2xx = (ex: Exchange) => statusOf(ex) >= 200 && statusOf(ex) < 300;
const is3xx = (ex: Exchange) => statusOf(ex) >= 300 && statusOf(ex) < 400;

/** Every probe's answer, 5xx (but 501) and no answer failing first. */
function judgeEach<P extends MethodProbe>(
  probes: readonly P[],
  one: (probe: P) => Judgement | undefined,
  passMessage: string,
): Judgement {
  const warnings: Judgement[] = [];
  for (const probe of probes) {
    // 501 is the answer RFC 9110 9.1 names for a method a server does not implement.
    const broken = firstProblem(
      () => noAnswer(probe.ex),
      () => (statusOf(probe.ex) === 501 ? undefined : serverError(probe.ex)),
    );
    if (broken) return fail(broken, [probe.ex], about(probe.label));
    const verdict = one(probe);
    if (verdict?.verdict === 'fail') return verdict;
    if (verdict?.verdict === 'warn') warnings.push(verdict);
  }
  return warnings[0] ?? pass(passMessage);
}

/** HEAD without the right key gets what GET gets: a 4xx (401), never a success. */
function judgeHead(probe: MethodProbe) {
  const { ex, key, label } = probe;
  const status = ex.response?.status ?? 0;
  if (key !== 'valid') {
    if (is2xx(ex) || is3xx(ex))
      return fail(
        finding(
          'served-without-key',
          { status },
          `answered ${status}: served without the right key`,
        ),
        [ex],
        about(label),
      );
    return status === 401 ? undefined : warn(`${label}: answered ${status}, not 401`, [ex]);
  }
  if (status === 200) return undefined;
  return warn(
    `${label}: answered ${status}, where GET answers 200 (RFC 9110 9.1: a general-purpose server MUST support HEAD)`,
    [ex],
  );
}

export const AUTH_HEAD: Check<MethodProbe[]> = {
  id: 'AUTH-HEAD',
  title:
    'HEAD /pets and /pets/{petId} (GET without content) without a key or with a wrong one -> a 4xx (401), never 2xx or 3xx; with the key -> 200 (else: warn)',
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: false,
  judge: (probes) =>
    judgeEach(probes, judgeHead, `${probes.length} HEAD requests, none served without the key`),
};

/** True when a body holds what listPets or getPet would give: a Pet, or an array of them. */
export function holdsPets(ex: Exchange): boolean {
  const body = exactJson(ex);
  const isPet = (v: unknown) =>
    v !== null && typeof v === 'object' && 'id' in v && ('name' in v || 'categoryId' in v);
  return Array.isArray(body) ? body.some(isPet) : isPet(body);
}

/** A probe's judge: its answer must not hold pets, which would be `served` without the key. */
const noPets =
  (served: string) =>
  ({ ex, label }: MethodProbe): Judgement | undefined =>
    holdsPets(ex)
      ? fail(
          finding('pets-without-key', {}, `the answer holds pets: ${served}`),
          [ex],
          about(label),
        )
      : undefined;

export const AUTH_OPTIONS: Check<MethodProbe[]> = {
  id: 'AUTH-OPTIONS',
  title:
    'OPTIONS /pets and /pets/{petId} without a key or with a wrong one -> any answer (a CORS preflight may pass), but never the store’s pets',
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: false,
  judge: (probes) =>
    judgeEach(
      probes,
      noPets('served without the key'),
      `${probes.length} OPTIONS requests, no pets shown without the key`,
    ),
};

/** A write of a method the contract does not show, sent without the right key, and what followed. */
export interface WriteProbe extends MethodProbe {
  /** The pet it was sent to, as created (its name is this run's own). */
  name: string;
  /** The name a PUT or PATCH asked for. */
  asked?: string;
  /** getPet of that pet with the key, just after (absent once getPet is removed). */
  after?: Exchange;
}

/**
 * The pet read after an unauthenticated write: renamed as the write asked (a name no other client
 * would choose) means the write was done, whatever the answer said; gone means it too after a
 * 2xx, or after a refusal when every DELETE's pet is gone (`deletesGone`: another client would
 * have to delete each of them between the write and the read).
 */
function judgeWrite(probe: WriteProbe, deletesGone: boolean) {
  const { ex, after, label } = probe;
  const status = ex.response?.status;
  const evidence = after ? [ex, after] : [ex];
  const body = exactJson(after) as { name?: unknown } | undefined;
  const gone = after?.response?.status === 404 && (is2xx(ex) || deletesGone);
  const done = gone
    ? 'the pet is gone'
    : probe.asked !== undefined && body?.name === probe.asked
      ? 'the pet took the name sent'
      : undefined;
  if (done)
    return fail(
      finding(
        'written-without-key',
        { status },
        `answered ${status ?? 'nothing'} and ${done}: a write done without the right key`,
      ),
      evidence,
      about(label),
    );
  if (!is2xx(ex)) return undefined;
  return warn(
    `${label}: answered ${status} without the right key (the pet did not change)`,
    evidence,
  );
}

/**
 * Every DELETE without the key was followed by a read that found its pet gone, while a pet the
 * other writes were sent to is still there: a store that loses pets by itself (a retention job,
 * another client) loses those too.
 */
function everyDeleteGone(probes: readonly WriteProbe[]): boolean {
  const deletes = probes.filter((p) => p.ex.request.method === 'DELETE' && p.after);
  const others = probes.filter((p) => p.ex.request.method !== 'DELETE' && p.after);
  const kept = others.some((p) => p.after?.response?.status === 200);
  return kept && deletes.length > 1 && deletes.every((p) => p.after?.response?.status === 404);
}

export const AUTH_OTHER_METHODS: Check<WriteProbe[]> = {
  id: 'AUTH-OTHER-METHODS',
  title:
    'DELETE, PUT, PATCH and a form POST to /pets/{petId} of a pet the run created, without a key or with a wrong one -> the pet unchanged, whatever the answer (renamed as asked, or gone after a 2xx or after every such DELETE: fail; a 2xx that changed nothing: warn)',
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: true,
  judge: (probes) => {
    const deletesGone = everyDeleteGone(probes);
    return judgeEach(
      probes,
      (probe) => judgeWrite(probe, deletesGone),
      `${probes.length} writes without the key, none done`,
    );
  },
};

/**
 * The header fields and the query parameter frameworks read as the method to use in place of
 * the request's own (a method-override layer), each given `method`.
 */
export const METHOD_OVERRIDES: readonly {
  label: string;
  headers?: (method: string) => Record<string, string>;
  query?: (method: string) => Record<string, string>;
}[] = [
  { label: 'X-HTTP-Method-Override', headers: (m) => ({ 'x-http-method-override': m }) },
  { label: 'X-Method-Override', headers: (m) => ({ 'x-method-override': m }) },
  { label: 'X-HTTP-Method', headers: (m) => ({ 'x-http-method': m }) },
  { label: '?_method=', query: (m) => ({ _method: m }) },
];

export const AUTH_METHOD_OVERRIDE: Check<MethodProbe[]> = {
  id: 'AUTH-METHOD-OVERRIDE',
  title:
    'OPTIONS and POST carrying X-HTTP-Method-Override, X-Method-Override, X-HTTP-Method or ?_method= (GET or POST), and GET and POST carrying one of them naming OPTIONS, without a key or with a wrong one -> any refusal, never the store’s pets nor a pet created',
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  // A service that lets the override past its key check creates the pet sent.
  writes: true,
  judge: (probes) =>
    judgeEach(
      probes,
      noPets('the method override was served without the key'),
      `${probes.length} requests with a method override, none served without the key`,
    ),
};

/**
 * Methods beyond RFC 9110's and PATCH, each a request of its own on the contract's two paths:
 * QUERY (a safe method with a body, draft-ietf-httpbis-safe-method-w-body: a listPets whose
 * filters travel in the body) and WebDAV's SEARCH, PROPFIND and REPORT. A key check that guards
 * a fixed list of methods lets them pass to a router that serves them.
 */
export const EXTENSION_METHODS = ['QUERY', 'SEARCH', 'PROPFIND', 'REPORT'] as const;

/**
 * Served without the key: a 2xx, or an answer that holds pets. Any refusal passes, in any form:
 * a parser that does not know the method answers its own bare 400, or closes the connection.
 */
function judgeServed({ ex, label }: MethodProbe): Judgement | undefined {
  const status = statusOf(ex);
  if (!is2xx(ex) && !holdsPets(ex)) return undefined;
  const text = `answered ${status} to a method beyond the contract’s: served without the right key`;
  return fail(finding('served-without-key', { status }, text), [ex], about(label));
}

export const AUTH_EXTENSION_METHODS: Check<MethodProbe[]> = {
  id: 'AUTH-EXTENSION-METHODS',
  title: `${EXTENSION_METHODS.join(', ')} on /pets and /pets/{petId}, without a key or with a wrong one -> any refusal (a parser’s bare 400, a closed connection), never a 2xx nor the store’s pets`,
  operation: 'all',
  clause: CLAUSES.auth401,
  level: 'MUST',
  // Safe by their specifications, but not to a read-only run's guard (GET, HEAD, OPTIONS): a
  // service may take a method it does not know for a write.
  writes: true,
  judge: (probes) => {
    for (const probe of probes) {
      const verdict = judgeServed(probe);
      if (verdict) return verdict;
    }
    return pass(`${probes.length} requests of methods beyond the contract’s, none served`);
  },
};

/** An answer to another method with the key: any status, but an error is an Error. */
function judgeKeyedMethod(probe: MethodProbe) {
  const { ex, label } = probe;
  const status = statusOf(ex);
  if (status < 400) return undefined;
  const problem = notErrorResponse(ex, status);
  return problem ? fail(problem, [ex], about(label)) : undefined;
}

export const ERROR_BODY_OTHER_METHODS: Check<MethodProbe[]> = {
  id: 'ERROR-BODY-OTHER-METHODS',
  title:
    'DELETE, PUT, PATCH and a form POST to /pets/{petId} of a pet the run created, PATCH /pets with an empty merge patch, and OPTIONS and TRACE on both paths, with the key -> any answer (operations not shown may exist), but an error answer (405, 404, 501, ...) carries the Error body',
  operation: 'all',
  clause: CLAUSES.errorBody,
  level: 'MUST',
  writes: true,
  judge: (probes) =>
    judgeEach(
      probes,
      judgeKeyedMethod,
      `${probes.length} requests of other methods with the key, every error an Error`,
    ),
};

/**
 * Paths under the base address the contract does not show: the store-orders listing it names
 * (nothing of it shown), a sub-resource, other names of the collection, and the collection with
 * a trailing slash. A framework's own 404 page is what the class is about.
 */
/**
 * Paths the contract does not show: a framework's defaults, and the sample Swagger Petstore's
 * routes (findByStatus, findByTags, /pet/{petId}), which a service grown from it may still serve.
 */
export const OTHER_PATHS = [
  '/store/orders',
  '/pets/1/photos',
  '/pet',
  '/animals',
  '/pets/',
  '/pets/findByStatus?status=available',
  '/pets/findByTags?tags=a',
  '/pet/findByStatus?status=available',
  '/pet/1',
];

/**
 * Sub-resources a service may mount under a pet for public links or other clients (a share page,
 * a card, an export), ahead of its key check: sent without the key under the id of a pet the
 * store holds, so EVERY-ANSWER sees the pet in an answer that shows it.
 */
export const PET_SUBRESOURCES = [
  'share',
  'card',
  'photos',
  'details',
  'export',
  'public',
  'summary',
  'embed',
];

export const ERROR_BODY_OTHER_PATHS: Check<MethodProbe[]> = {
  id: 'ERROR-BODY-OTHER-PATHS',
  title: `GET ${OTHER_PATHS.join(', ')} (paths the contract does not show), with the key -> any answer, but an error answer (404, 405, ...) carries the Error body (sent without the key too, and ${PET_SUBRESOURCES.map((p) => `/pets/{petId}/${p}`).join(', ')} of a pet of the store, for EVERY-ANSWER: no pet shown)`,
  operation: 'all',
  clause: CLAUSES.errorBody,
  level: 'MUST',
  writes: false,
  judge: (probes) =>
    judgeEach(
      probes,
      judgeKeyedMethod,
      `${probes.length} requests of other paths with the key, every error an Error`,
    ),
};

export const METHOD_CHECKS = [
  AUTH_HEAD,
  AUTH_OPTIONS,
  AUTH_OTHER_METHODS,
  AUTH_METHOD_OVERRIDE,
  AUTH_EXTENSION_METHODS,
  ERROR_BODY_OTHER_METHODS,
  ERROR_BODY_OTHER_PATHS,
];
