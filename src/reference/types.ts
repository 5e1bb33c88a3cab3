/** A request as the reference app sees it: already read, nothing streamed. */
export interface AppRequest {
  method: string;
  /** Path of the URL, e.g. `/v1/pets/3`, not decoded. */
  path: string;
  /** The request target exactly as sent, e.g. `/v1/pets?%6Cimit=1` (absent in hand-made requests). */
  target?: string;
  /** Header lines as sent, name and value in turn, names in their own letter case. */
  rawHeaders?: string[];
  /** The request line's version, e.g. `1.1` (absent in hand-made requests). */
  httpVersion?: string;
  query: URLSearchParams;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  body: string;
  /** The same object for every request of one connection (lets tests tell kept-alive sockets apart). */
  connection?: object;
}

/** What the app answers: a JSON value, raw bytes, or (for broken servers in tests) nothing ever. */
export interface AppResponse {
  status: number;
  /** Header fields of the answer; an empty value leaves that field out (Date included). */
  headers?: Record<string, string>;
  json?: unknown;
  raw?: string | Uint8Array;
  /** Never answer: the connection stays open until the client gives up. */
  hang?: boolean;
  /** Send the status and headers, then the body one byte per this many milliseconds. */
  trickleMs?: number;
}

/** The whole service as one function: easy to wrap, which is how the fault catalog breaks it. */
export type Handler = (request: AppRequest) => AppResponse | Promise<AppResponse>;

/** The server's idea of now; injectable so the sunset can be tested on any day. */
export type Clock = () => Date;
