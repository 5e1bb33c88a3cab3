import type { AppRequest, AppResponse, Handler } from '../../src/reference/index.ts';

/** The request is for `method` on a path matching `path` (below /v1). */
export function matches(req: AppRequest, method: string, path: RegExp): boolean {
  return req.method === method && path.test(req.path.replace(/^\/v1/, ''));
}

export const LIST = /^\/pets$/;
export const ITEM = /^\/pets\/[^/]+$/;

/** Rewrites the answers to one route. */
export function onResponse(
  app: Handler,
  method: string,
  path: RegExp,
  rewrite: (res: AppResponse, req: AppRequest) => AppResponse,
): Handler {
  return async (req) => {
    const res = await app(req);
    return matches(req, method, path) ? rewrite(res, req) : res;
  };
}

/** Rewrites the requests to one route before the reference app sees them. */
export function onRequest(
  app: Handler,
  method: string,
  path: RegExp,
  rewrite: (req: AppRequest) => AppRequest,
): Handler {
  return (req) => app(matches(req, method, path) ? rewrite(req) : req);
}

/** Rewrites a JSON request body, leaving bodies that do not parse alone. */
export function rewriteJsonBody(
  req: AppRequest,
  fn: (body: Record<string, unknown>) => unknown,
): AppRequest {
  try {
    const body = JSON.parse(req.body) as unknown;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return req;
    return { ...req, body: JSON.stringify(fn(body as Record<string, unknown>)) };
  } catch {
    return req;
  }
}
