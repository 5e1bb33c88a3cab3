import type { EmptyRecheck } from '../checks/empty-page.ts';
import type { PetStatus } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import type { PetstoreApi } from '../http/petstore-api.ts';
import { lowestCreatedId } from './run-pets.ts';
import type { Target } from './target.ts';

/**
 * Waits until `created` answered --list-lag ago, or the run's deadline is near. The contract has
 * no clause on freshness: a list served from a search index or a cache may lag behind writes,
 * so the page is asked again only once the pet is that old (a lag of seconds passes; a list
 * that never shows it fails).
 */
export async function settledSince(target: Target, created: Exchange | undefined): Promise<void> {
  if (!created) return;
  const since = Date.parse(created.startedAt) + created.durationMs;
  const deadline = target.ctx.limits.deadline ?? Number.POSITIVE_INFINITY;
  const until = Math.min(since + target.ctx.listLagMs, deadline - target.ctx.timeoutMs);
  const wait = until - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A second look at a page that came back empty while pets exist: a pet the run created (of the
 * status asked for) read with getPet, the page asked for again once the pet is --list-lag old,
 * the pet read again. Another
 * client may have deleted the pet and its status may have moved on (transitions are not shown):
 * only a pet that was there, and of that status, both before and after the page asked again
 * shows that the page left it out. Undefined for a page that is not empty, or with no such pet.
 */
export async function recheckEmpty(
  target: Target,
  api: PetstoreApi,
  page: Exchange,
  again: () => Promise<Exchange>,
  status?: PetStatus,
): Promise<EmptyRecheck | undefined> {
  const items = page.response?.json;
  if (page.response?.status !== 200 || !Array.isArray(items) || items.length > 0) return undefined;
  const pet = lowestCreatedId(target.run.pets, status);
  if (pet === undefined) return undefined;
  const before = await api.getPet(pet);
  await settledSince(target, target.run.pets.created.get(pet)?.ex);
  const page2 = await again();
  const after = await api.getPet(pet);
  return { pet, ...(status ? { status } : {}), before, again: page2, after };
}
