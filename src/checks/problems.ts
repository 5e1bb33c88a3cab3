import { quote } from '../base/quote.ts';
import { describeViolations, type SchemaName, validate } from '../contract/schemas.ts';
import { exactJson, notInt64Fields, sameValue, showValue } from '../http/exact.ts';
import type { Exchange, RecordedResponse } from '../http/exchange.ts';
import { mediaType } from '../http/exchange.ts';
import { type Finding, finding, TOO_LARGE } from './finding.ts';

/**
 * Small predicates over one exchange. Each returns a finding (a code, its data and a one-line
 * text), or undefined when there is none, so checks can compose them with `firstProblem`.
 */
export type Problem = Finding | undefined;

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
  return error.code === 'TIMEOUT'
    ? finding('no-answer', { code: error.code }, error.message)
    : finding(
        'transport-error',
        { code: error.code },
        `no answer: ${error.message} (${error.code})`,
      );
}

function response(ex: Exchange): RecordedResponse {
  if (!ex.response) throw new Error('response() called on an exchange without one');
  return ex.response;
}

/** 5xx is never a conformant answer to anything the harness sends. */
export function serverError(ex: Exchange): Problem {
  return (
    noAnswer(ex) ??
    (response(ex).status >= 500
      ? finding(
          'server-error',
          { status: response(ex).status },
          `server error ${response(ex).status}`,
        )
      : undefined)
  );
}

export function statusIsNot(ex: Exchange, expected: number | readonly number[]): Problem {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  const problem = noAnswer(ex);
  if (problem) return problem;
  const { status } = response(ex);
  return allowed.includes(status)
    ? undefined
    : finding(
        'status-mismatch',
        { expected: allowed, got: status },
        `expected ${allowed.join(' or ')}, got ${status}`,
      );
}

/** The body is labelled application/json and parses as JSON. */
export function notJson(ex: Exchange): Problem {
  const res = ex.response;
  if (!res) return noAnswer(ex);
  if (res.truncated) return overCap(res);
  if (res.overrun) return overrun(res.overrun);
  const type = mediaType(res);
  if (type !== 'application/json') {
    const text = `Content-Type is ${type ? `'${type}'` : 'missing'}, expected application/json`;
    return finding('content-type', { got: type ?? null }, text);
  }
  if (res.jsonError?.startsWith('an object names ')) {
    return finding('duplicate-member', { reason: res.jsonError }, `body ${res.jsonError}`);
  }
  if (res.jsonError !== undefined || res.json === undefined) {
    const reason = res.jsonError ?? 'empty body';
    return finding('malformed-json', { reason }, `body is not valid JSON: ${reason}`);
  }
  return undefined;
}

export function notMatching(ex: Exchange, schema: SchemaName, label: string): Problem {
  const result = validate(schema, ex.response?.json, exactJson(ex));
  // ajv sees JS numbers, which round beyond 2^53: the int64 range is judged on the exact value.
  const outOfRange = INT64_SCHEMAS.has(schema) && result.valid ? notInt64Fields(exactJson(ex)) : [];
  const violations = result.valid ? outOfRange.join('; ') : describeViolations(result.violations);
  return violations
    ? finding('schema', { schema, violations }, `body is not a valid ${label}: ${violations}`)
    : undefined;
}

const INT64_SCHEMAS = new Set<SchemaName>(['pet', 'pets', 'newPet']);

/**
 * A body past the cap: one that went on past the deadline or far past the cap breaks the answer
 * (it never ends); one that ended is an answer too large to judge (`too-large`: see `fail`).
 */
const overCap = (res: RecordedResponse) =>
  res.wholeBytes === undefined
    ? finding('body-over-cap', {}, 'response body exceeds the size cap and did not end')
    : finding(
        TOO_LARGE,
        { bytes: res.wholeBytes },
        `not judged: a response body of ${res.wholeBytes} bytes, over the harness's body cap`,
      );
/** The octets of an answer did not end where its Content-Length said (RFC 9112 6.3). */
const overrun = (reason: string) => finding('framing', { reason }, reason);

/**
 * The fields of a JSON error body that say what went wrong: an Error's code, message and
 * status, and the like of other shapes (RFC 9457's title and detail). A body cut at its first
 * characters would show `{"type":"` and lose them.
 */
const EXPLAINING = ['code', 'message', 'status', 'title', 'detail', 'error', 'errors'];
const FIELD_CHARS = 120;

/** A field's value as JSON, cut as `quote` cuts (never inside a token: an echoed key stays whole). */
function shortValue(value: unknown): string {
  if (typeof value === 'string') return quote(value, FIELD_CHARS);
  const text = JSON.stringify(value) ?? 'null';
  return text.length > FIELD_CHARS ? quote(text, FIELD_CHARS) : text;
}

/** The explaining fields of a JSON object body, each value kept short; undefined for other bodies. */
function explainingFields(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const fields = json as Record<string, unknown>;
  const kept = EXPLAINING.filter((name) => Object.hasOwn(fields, name));
  if (kept.length === 0) return undefined;
  const shown = kept.map((name) => `${JSON.stringify(name)}:${shortValue(fields[name])}`);
  const rest = Object.keys(fields).length - kept.length;
  return `{${shown.join(',')}${rest > 0 ? `,…${rest} more` : ''}}`;
}

/** What came back, short, for a body that is not what was owed: a JSON error by its explaining fields. */
export function bodyShown(res: RecordedResponse): string {
  if (res.body === '') return 'an empty body';
  const fields = res.truncated ? undefined : explainingFields(res.json);
  return fields ?? quote(res.body);
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
    if (!notError || res.status < 300) return wrongStatus;
    const text = `${wrongStatus} with ${bodyShown(res)}`;
    return finding(wrongStatus.code, { ...wrongStatus.data, notAnError: notError.code }, text);
  }
  if (notError) {
    const text = `${notError}; answered ${res.status} with ${bodyShown(res)}`;
    return finding('not-an-error', { status: res.status, why: notError.code }, text);
  }
  const body = exactJson(ex) as { status?: unknown };
  if (sameValue(body.status, res.status)) return undefined;
  const shown = showValue(body.status);
  return finding(
    'error-status-mismatch',
    { errorStatus: shown, httpStatus: res.status },
    `Error.status is ${shown}, HTTP status is ${res.status}`,
  );
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
      if (res?.truncated) return overCap(res);
      if (res?.overrun) return overrun(res.overrun);
      if (res?.jsonError?.startsWith('an object names '))
        return finding('duplicate-member', { reason: res.jsonError }, `body ${res.jsonError}`);
      if (res && mediaType(res) === 'application/json' && res.jsonError !== undefined) {
        const text = `body labelled application/json is not valid JSON: ${res.jsonError}`;
        return finding('malformed-json', { reason: res.jsonError }, text);
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
    () =>
      Array.isArray(ex.response?.json)
        ? undefined
        : finding('not-bare-array', {}, 'body is not a bare JSON array'),
    () => notMatching(ex, 'pets', 'Pets array'),
    () => {
      const count = itemCount(ex);
      return count <= max
        ? undefined
        : finding('too-many-items', { count, max }, `${count} items, more than the ${max} allowed`);
    },
  );
}

/** The number of items of a JSON array body (0 for anything else). */
export function itemCount(ex: Exchange): number {
  const body = ex.response?.json;
  return Array.isArray(body) ? body.length : 0;
}
