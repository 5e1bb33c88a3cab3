import type { AppResponse } from './types.ts';

/** An Error body response (contract: Errors): `status` repeats the HTTP status. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): AppResponse {
  return { status, json: { code, message, status }, ...(headers ? { headers } : {}) };
}

export const unauthorized = (): AppResponse =>
  errorResponse(401, 'unauthorized', 'API key missing or invalid.', {
    'www-authenticate': 'Bearer realm="petstore"',
  });

export const notFound = (what: string): AppResponse =>
  errorResponse(404, 'not_found', `${what} could not be found.`);

export const badRequest = (message: string): AppResponse =>
  errorResponse(400, 'invalid_request', message);
