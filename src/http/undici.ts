import { createRequire } from 'node:module';
import type * as Undici from 'undici';

/**
 * The part of undici the harness uses: an Agent, its request API and its error classes.
 *
 * undici's entry also loads fetch, WebSocket, the cache, the mock agents and more: ~0.08 s of
 * start-up in each thread that sends requests (the suites' worker is on a run's critical path).
 * So the three modules are loaded from where undici 7 keeps them; should a release move them,
 * the entry is loaded instead (slower, the same behaviour). test/undici.test.ts tells which.
 */
export interface UndiciParts {
  Agent: typeof Undici.Agent;
  request: typeof Undici.request;
  errors: typeof Undici.errors;
  /** Whether the parts came from undici's own modules (false: from its entry). */
  direct: boolean;
}

type ApiRequest = (
  this: Undici.Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
) => Promise<Undici.Dispatcher.ResponseData>;

const require = createRequire(import.meta.url);

/** What undici's `request(url, options)` does before it hands the request to the dispatcher. */
function requestVia(apiRequest: ApiRequest): typeof Undici.request {
  const send = (url: string, options: { dispatcher: Undici.Dispatcher; method?: string }) => {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(`not an http(s) URL: ${url}`);
    }
    return apiRequest.call(options.dispatcher, {
      ...options,
      origin: parsed.origin,
      path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname,
      method: (options.method ?? 'GET') as Undici.Dispatcher.HttpMethod,
    });
  };
  return send as unknown as typeof Undici.request;
}

function loadParts(): UndiciParts {
  try {
    const Agent = require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
    const apiRequest = require('undici/lib/api/api-request.js') as ApiRequest;
    const errors = require('undici/lib/core/errors.js') as typeof Undici.errors;
    if (typeof Agent !== 'function' || typeof apiRequest !== 'function' || !errors.UndiciError) {
      throw new Error('undici keeps its parts elsewhere');
    }
    return { Agent, request: requestVia(apiRequest), errors, direct: true };
  } catch {
    const undici = require('undici') as typeof Undici;
    return { Agent: undici.Agent, request: undici.request, errors: undici.errors, direct: false };
  }
}

export const undici: UndiciParts = loadParts();
