import { createRequire } from 'node:module';
import type * as Undici from 'undici';

/**
 * The part of undici the harness uses: an Agent, its connector, its error classes and its
 * header parser.
 *
 * undici's entry also loads fetch, WebSocket, the cache, the mock agents and more: ~0.08 s of
 * start-up in each thread that sends requests (the suites' worker is on a run's critical path).
 * So the modules are loaded from where undici 7 keeps them; should a release move them, the
 * entry is loaded instead (slower, the same behaviour). test/undici.test.ts tells which.
 */
export interface UndiciParts {
  Agent: typeof Undici.Agent;
  errors: typeof Undici.errors;
  /** undici's connector (its `connect` option made into a function), to wrap the sockets it opens. */
  buildConnector: typeof Undici.buildConnector;
  /** Raw header lines as undici's request() hands them over: names lower-cased, repeats listed. */
  parseHeaders: (raw: Buffer[]) => Record<string, string | string[] | undefined>;
  /** Whether the parts came from undici's own modules (false: from its entry). */
  direct: boolean;
}

const require = createRequire(import.meta.url);

function loadParts(): UndiciParts {
  try {
    const Agent = require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
    const errors = require('undici/lib/core/errors.js') as typeof Undici.errors;
    const { parseHeaders } = require('undici/lib/core/util.js') as UndiciParts;
    const buildConnector = require('undici/lib/core/connect.js') as UndiciParts['buildConnector'];
    if (
      typeof Agent !== 'function' ||
      typeof parseHeaders !== 'function' ||
      typeof buildConnector !== 'function' ||
      !errors.UndiciError
    ) {
      throw new Error('undici keeps its parts elsewhere');
    }
    return { Agent, errors, parseHeaders, buildConnector, direct: true };
  } catch {
    const entry = require('undici') as typeof Undici;
    const parseHeaders = entry.util.parseHeaders as unknown as UndiciParts['parseHeaders'];
    return {
      Agent: entry.Agent,
      errors: entry.errors,
      parseHeaders,
      buildConnector: entry.buildConnector,
      direct: false,
    };
  }
}

export const undici: UndiciParts = loadParts();
