import { HarnessError } from '../errors.ts';
import type { HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';

/**
 * One request before the suites: a target that cannot be reached, or that refuses the key it
 * was given, cannot be judged; that is the user's input to fix, not a verdict.
 */
export async function preflight(client: HttpClient, baseUrl: string): Promise<Exchange> {
  const ex = await client.send({ method: 'GET', path: '/pets', query: { limit: 1 } });
  if (ex.error)
    throw new HarnessError('UNREACHABLE', `cannot reach ${baseUrl}: ${ex.error.message}`);
  if (ex.response?.status === 401) {
    throw new HarnessError(
      'KEY_REJECTED',
      `the target at ${baseUrl} rejected the API key (401 on GET /pets): check --api-key`,
    );
  }
  return ex;
}
