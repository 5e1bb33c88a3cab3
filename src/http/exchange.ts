/** One HTTP request and what came back, as recorded (the API key already redacted). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Set when a record keeps only the start of `body`: the length of the body it was cut from. */
  bodyLength?: number;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text (decoded as UTF-8), cut at the body cap. */
  body: string;
  /** The body parsed as JSON, when it parses; `undefined` otherwise. */
  json?: unknown;
  /** True when the body did not parse as JSON. */
  jsonError?: string;
  /** True when the body was longer than the cap and was cut. */
  truncated?: boolean;
  /** Set when a record keeps only the start of `body`: the length of the body it was cut from. */
  bodyLength?: number;
}

/** A transport failure: the target never gave a complete answer. */
export interface TransportError {
  /** A stable code, e.g. `TIMEOUT`, `ECONNREFUSED`, `UND_ERR_SOCKET`. */
  code: string;
  message: string;
}

export interface Exchange {
  /** Order of this exchange within the process that sent it. */
  seq: number;
  startedAt: string;
  durationMs: number;
  /** Who sent it: the id of the check, or `seed` / `preflight` for the harness's own requests. */
  check?: string;
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: TransportError;
}

/** Media type of a response without its parameters, lower-cased. */
export function mediaType(response: RecordedResponse): string | undefined {
  const value = response.headers['content-type'];
  return value?.split(';')[0]?.trim().toLowerCase();
}

/** Characters of a body kept in the run's records (log, reports, HAR); checks judge the whole. */
export const RECORD_BODY_CHARS = 64 * 1024;

/**
 * The exchange as it is kept for the reports: bodies longer than RECORD_BODY_CHARS keep their
 * start only, so a target that answers megabytes cannot swell every report by as much.
 */
export function forRecord(ex: Exchange): Exchange {
  const { request, response } = ex;
  const longRequest = (request.body?.length ?? 0) > RECORD_BODY_CHARS;
  const longResponse = (response?.body.length ?? 0) > RECORD_BODY_CHARS;
  if (!longRequest && !longResponse) return ex;
  return {
    ...ex,
    request: longRequest ? clipped(request, request.body as string) : request,
    ...(response && longResponse
      ? { response: { ...clipped(response, response.body), json: undefined } }
      : {}),
  };
}

function clipped<T extends { body?: string }>(part: T, body: string): T {
  return { ...part, body: body.slice(0, RECORD_BODY_CHARS), bodyLength: body.length };
}
