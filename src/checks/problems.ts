import type { Exchange, RecordedResponse } from '../http/exchange.ts';
import { mediaType } from '../http/exchange.ts';
import { describeViolations, type SchemaName, validate } from '../schemas.ts';

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
  const result = validate(schema, ex.response?.json);
  return result.valid
    ? undefined
    : `body is not a valid ${label}: ${describeViolations(result.violations)}`;
}

/** The response is `status` with a valid Error body whose `status` repeats it (Errors). */
export function notErrorResponse(ex: Exchange, status: number | readonly number[]): Problem {
  return firstProblem(
    () => statusIsNot(ex, status),
    () => notJson(ex),
    () => notMatching(ex, 'error', 'Error'),
    () => {
      const body = ex.response?.json as { status?: unknown };
      const http = ex.response?.status;
      return body.status === http
        ? undefined
        : `Error.status is ${body.status}, HTTP status is ${http}`;
    },
  );
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
