/** One HTTP request and what came back, as recorded (the API key already redacted). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
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
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: TransportError;
}

/** Media type of a response without its parameters, lower-cased. */
export function mediaType(response: RecordedResponse): string | undefined {
  const value = response.headers['content-type'];
  return value?.split(';')[0]?.trim().toLowerCase();
}
