import type { EmptyRecheck } from '../checks/empty-page.ts';
import type { PetStatus } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import type { PetstoreApi } from '../http/petstore-api.ts';
import { lowestCreatedId } from './run-pets.ts';
import type { Target } from './target.ts';

/**
 * A second look at a page that came back empty while pets exist: a pet the run created (of the
 * status asked for) read with getPet, the page asked for again, the pet read again. Another
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
  const page2 = await again();
  const after = await api.getPet(pet);
  return { pet, ...(status ? { status } : {}), before, again: page2, after };
}
