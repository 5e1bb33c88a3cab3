import { validate } from '../contract/schemas.ts';
import type { Exchange, RecordedResponse } from '../http/exchange.ts';
import { mediaType } from '../http/exchange.ts';

/**
 * Statuses the contract leaves open ("Rate limits and body size limits: not shown"; "Other
 * status codes, such as 403, 429 and 5xx: not shown"): with an Error body, a sane answer to
 * any request, which says nothing about the clause a check was judging.
 */
export const OPEN_LIMIT_STATUSES: readonly number[] = [403, 413, 429];

/**
 * A status the contract leaves open for this request: 413 and 429 for any; 403 (a refusal by
 * scope, role or policy: "scopes or roles: not shown") only for one that carried the valid key,
 * since without it the contract owes 401.
 */
export function isOpenRefusal(status: number, keyed: boolean): boolean {
  return OPEN_LIMIT_STATUSES.includes(status) && (status !== 403 || keyed);
}

/** An answer with a valid Error body (application/json) whose `status` repeats its own. */
function hasErrorBody(res: RecordedResponse): boolean {
  return (
    mediaType(res) === 'application/json' &&
    validate('error', res.json).valid &&
    (res.json as { status?: unknown }).status === res.status
  );
}

/** The first exchange answered 413 or 429 (403 with the key) with a valid Error body, if any. */
export function openLimitAnswer(exchanges: readonly Exchange[]): Exchange | undefined {
  return exchanges.find((ex) => {
    const res = ex.response;
    return (
      res !== undefined && isOpenRefusal(res.status, ex.request.keyed === true) && hasErrorBody(res)
    );
  });
}

/**
 * A 503 with a Retry-After and a valid Error body: a service shedding load ("5xx: not shown"),
 * sane only as an answer the harness waited out and sent again after (the throttle does);
 * one that stays is the request's answer, and fails as every 5xx does.
 */
export function isSheddingAnswer(ex: Exchange): boolean {
  const res = ex.response;
  return res?.status === 503 && res.headers['retry-after'] !== undefined && hasErrorBody(res);
}

/** Why a would-be failure is only a warning: the target hit a limit the contract does not set. */
export function openLimitReason(ex: Exchange): string {
  const status = ex.response?.status;
  const what =
    status === 413
      ? 'a body size limit'
      : status === 403
        ? 'a refusal by scope or policy (403 with the key)'
        : 'a rate limit';
  return `${ex.response?.status} Error to ${ex.request.method} ${ex.request.url}: ${what}, which the contract leaves open (not judged)`;
}

/**
 * The code of a check left unjudged by a limit: `rate-limited` for a 429 (or a 503 shedding
 * load) that stayed after the harness waited, which leaves the run unable to say conformant;
 * `open-limit` for a body size limit or a refusal by policy, which the contract leaves open.
 */
export function limitCode(ex: Exchange | undefined): 'rate-limited' | 'open-limit' {
  const status = ex?.response?.status;
  return status === 429 || status === 503 ? 'rate-limited' : 'open-limit';
}
