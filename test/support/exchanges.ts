import type { Exchange } from '../../src/http/exchange.ts';

interface Answer {
  status: number;
  json?: unknown;
  body?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** A hand-made exchange, for judging checks without a server. */
export function exchange(
  answer: Answer | { error: string; code?: string },
  method = 'GET',
  url = 'http://h/v1/pets',
): Exchange {
  const base = {
    seq: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method, url, headers: {} },
  };
  if ('error' in answer)
    return { ...base, error: { code: answer.code ?? 'TIMEOUT', message: answer.error } };
  const body = answer.body ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
  let json: unknown;
  let jsonError: string | undefined;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch (e) {
    jsonError = (e as Error).message;
  }
  const contentType =
    answer.contentType === undefined ? 'application/json; charset=utf-8' : answer.contentType;
  return {
    ...base,
    response: {
      status: answer.status,
      headers: {
        ...(contentType === null ? {} : { 'content-type': contentType }),
        ...answer.headers,
      },
      body,
      ...(json === undefined ? {} : { json }),
      ...(jsonError === undefined ? {} : { jsonError }),
    },
  };
}

export const errorBody = (status: number) => ({ code: 'x', message: 'm', status });
