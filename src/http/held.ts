import type { Exchange } from './exchange.ts';
import { heldExact, heldForJudging } from './exchange.ts';
import type { Interceptor } from './interceptor.ts';
import { exactBody, keepExact } from './json-body.ts';

/** The exchange as the checks hold it (see heldForJudging), its exact view cut the same way. */
export function heldExchange(ex: Exchange): Exchange {
  const { response } = ex;
  if (!response) return ex;
  const held = heldForJudging(response);
  if (held === response) return ex;
  return { ...ex, response: keepExact(held, heldExact(held, exactBody(response))) };
}

/**
 * Hands the checks the answers of a client that sends them whole (ClientOptions.holdWhole) cut
 * as they hold them: placed just above the judge of every answer, which alone reads a body past
 * what a record keeps (the key or a pet's name anywhere in it), so a check that keeps its
 * exchanges to judge them at its end never holds a hostile megabyte each.
 */
export const holdingForJudging: Interceptor = (next) => async (options) =>
  heldExchange(await next(options));
