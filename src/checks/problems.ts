import type { Exchange, RecordedResponse } from '../http/exchange.ts';
import { mediaType } from '../http/exchange.ts';
import { quote } from '../quote.ts';
import { describeViolations, type SchemaName, validate } from '../schemas.ts';
import { exactJson, notInt64Fields, sameValue, showValue } from './exact.ts';

/**
 * Small predicates over one exchange. Each returns a one-line problem, or undefined when
 * there is none, so checks can compose them with `firstProblem`.
 */
export type Problem = string | undefined;

/** The first problem of several, evaluated lazily in order. */
export function firstProblem(...steps: Array<() => Problem>): Problem {
  for (const step of steps) {
    const problem = step();
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The response, or a problem saying why there is none (hang, refused connection, reset). */
export function noAnswer(ex: Exchange): Problem {
  if (ex.response) return undefined;
  const error = ex.error ?? { code: 'ERROR', message: 'no response' };
  return error.code === 'TIMEOUT' ? error.message : `no answer: ${error.message} (${error.code})`;
}

function response(ex: Exchange): RecordedResponse {
  if (!ex.response) throw new Error('response() called on an exchange without one');
  return ex.response;
}

/** 5xx is never a conformant answer to anything the harness sends. */
export function serverError(ex: Exchange): Problem {
  return (
    noAnswer(ex) ?? (response(ex).status >= 500 ? `server error ${response(ex).status}` : undefined)
  );
}

export function statusIsNot(ex: Exchange, expected: number | readonly number[]): Problem {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  const problem = noAnswer(ex);
  if (problem) return problem;
  const { status } = response(ex);
  return allowed.includes(status) ? undefined : `expected ${allowed.join(' or ')}, got ${status}`;
}

/** The body is labelled application/json and parses as JSON. */
export function notJson(ex: Exchange): Problem {
  const res = ex.response;
  if (!res) return noAnswer(ex);
  if (res.truncated) return 'response body exceeds the size cap';
  const type = mediaType(res);
  if (type !== 'application/json') {
    return `Content-Type is ${type ? `'${type}'` : 'missing'}, expected application/json`;
  }
  if (res.jsonError !== undefined || res.json === undefined) {
    return `body is not valid JSON: ${res.jsonError ?? 'empty body'}`;
  }
  return undefined;
}

export function notMatching(ex: Exchange, schema: SchemaName, label: string): Problem {
  const result = validate(schema, ex.response?.json, exactJson(ex));
  if (!result.valid)
    return `body is not a valid ${label}: ${describeViolations(result.violations)}`;
  // ajv sees JS numbers, which round beyond 2^53: the int64 range is judged on the exact value.
  const outOfRange = INT64_SCHEMAS.has(schema) ? notInt64Fields(exactJson(ex)) : [];
  return outOfRange.length ? `body is not a valid ${label}: ${outOfRange.join('; ')}` : undefined;
}

const INT64_SCHEMAS = new Set<SchemaName>(['pet', 'pets', 'newPet']);

/** What came back, verbatim and short, for a body that is not what was owed. */
export function bodyShown(res: RecordedResponse): string {
  return res.body === '' ? 'an empty body' : quote(res.body);
}

/** The body is not an Error at all (not JSON, or not of its shape), or undefined. */
function notAnError(ex: Exchange): Problem {
  return firstProblem(
    () => notJson(ex),
    () => notMatching(ex, 'error', 'Error'),
  );
}

/**
 * The response is `status` with a valid Error body whose `status` repeats it (Errors). A body
 * that is no Error at all (e.g. an intermediary's HTML page) is quoted, with the status it came with.
 */
export function notErrorResponse(ex: Exchange, status: number | readonly number[]): Problem {
  const wrongStatus = statusIsNot(ex, status);
  const res = ex.response;
  if (!res) return wrongStatus;
  const notError = notAnError(ex);
  // A success served instead is its own story; an error page that is no Error is quoted.
  if (wrongStatus) {
    return notError && res.status >= 300 ? `${wrongStatus} with ${bodyShown(res)}` : wrongStatus;
  }
  if (notError) return `${notError}; answered ${res.status} with ${bodyShown(res)}`;
  const body = exactJson(ex) as { status?: unknown };
  return sameValue(body.status, res.status)
    ? undefined
    : `Error.status is ${showValue(body.status)}, HTTP status is ${res.status}`;
}

/** A 4xx answer: the client's request refused, for a reason the contract may not name. */
export function isClientError(ex: Exchange): boolean {
  const status = ex.response?.status ?? 0;
  return status >= 400 && status < 500;
}

/**
 * The problem of a 4xx answer's body: every error carries an Error body repeating its status
 * (Errors), whichever 4xx it is. Undefined for an answer that is no 4xx or is a sound one.
 */
export function notClientError(ex: Exchange): Problem {
  return isClientError(ex) ? notErrorResponse(ex, ex.response?.status ?? 0) : undefined;
}

/** The response is `status` with a JSON body valid against `schema`. */
export function notSuccess(
  ex: Exchange,
  status: number,
  schema: SchemaName,
  label: string,
): Problem {
  return firstProblem(
    () => statusIsNot(ex, status),
    () => notJson(ex),
    () => notMatching(ex, schema, label),
  );
}

/** A JSON body labelled as such must parse; a 5xx or no answer is never acceptable. */
export function unsound(ex: Exchange): Problem {
  return firstProblem(
    () => serverError(ex),
    () => {
      const res = ex.response;
      if (res?.truncated) return 'response body exceeds the size cap';
      if (res && mediaType(res) === 'application/json' && res.jsonError !== undefined) {
        return `body labelled application/json is not valid JSON: ${res.jsonError}`;
      }
      return undefined;
    },
  );
}

/** 200 with a bare array of valid Pets holding at most `max` items. */
export function notPetPage(ex: Exchange, max: number): Problem {
  return firstProblem(
    () => statusIsNot(ex, 200),
    () => notJson(ex),
    () => (Array.isArray(ex.response?.json) ? undefined : 'body is not a bare JSON array'),
    () => notMatching(ex, 'pets', 'Pets array'),
    () => {
      const count = itemCount(ex);
      return count <= max ? undefined : `${count} items, more than the ${max} allowed`;
    },
  );
}

/** The number of items of a JSON array body (0 for anything else). */
export function itemCount(ex: Exchange): number {
  const body = ex.response?.json;
  return Array.isArray(body) ? body.length : 0;
}
