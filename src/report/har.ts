import { STATUS_CODES } from 'node:http';
import type { Exchange } from '../http/exchange.ts';
import type { RunReport } from './model.ts';

// A value holding LF was sent as that many field lines (exchange.ts): HAR lists each line.
const pairs = (headers: Record<string, string>) =>
  Object.entries(headers).flatMap(([name, value]) =>
    value.split('\n').map((line) => ({ name, value: line })),
  );

function entry(ex: Exchange) {
  const url = new URL(ex.request.url);
  const res = ex.response;
  return {
    // A custom field (HAR 1.2 allows those starting with `_`): which check sent the request.
    ...(ex.check === undefined ? {} : { _check: ex.check }),
    startedDateTime: ex.startedAt,
    time: ex.durationMs,
    request: {
      method: ex.request.method,
      url: ex.request.url,
      httpVersion: `HTTP/${ex.request.httpVersion ?? '1.1'}`,
      cookies: [],
      headers: pairs(ex.request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(ex.request.body === undefined
        ? {}
        : {
            postData: {
              mimeType: ex.request.headers['content-type'] ?? '',
              text: ex.request.body,
            },
          }),
      headersSize: -1,
      bodySize: ex.request.body === undefined ? 0 : Buffer.byteLength(ex.request.body),
    },
    response: {
      status: res?.status ?? 0,
      statusText: res ? (STATUS_CODES[res.status] ?? '') : (ex.error?.message ?? 'no answer'),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(res?.headers ?? {}),
      content: {
        size: res ? Buffer.byteLength(res.body) : 0,
        mimeType: res?.headers['content-type'] ?? '',
        text: res?.body ?? '',
      },
      redirectURL: res?.headers.location ?? '',
      headersSize: -1,
      bodySize: res ? Buffer.byteLength(res.body) : -1,
      ...(ex.error ? { _error: ex.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait: ex.durationMs, receive: 0 },
  };
}

/** One entry of exchanges.har, as written here and read back by `merge` and the bench. */
export type HarEntry = ReturnType<typeof entry>;

export interface Har {
  log: { entries: HarEntry[] };
}

/** exchanges.har: every exchange of the run as HAR 1.2 (already redacted when recorded). */
export function renderHar(report: RunReport, exchanges: readonly Exchange[]): string {
  const har = {
    log: {
      version: '1.2',
      creator: { name: report.harness.name, version: report.harness.version },
      pages: [],
      entries: exchanges.map(entry),
    },
  };
  return `${JSON.stringify(har, null, 1)}\n`;
}
