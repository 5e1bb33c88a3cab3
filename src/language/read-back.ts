import {
  AGAIN_AT_MOST,
  type FetchObservation,
  fetchProblem,
  worthAgain,
} from '../checks/get-pet.ts';
import { validate } from '../contract/schemas.ts';
import { exactJson, exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import type { PetstoreApi } from '../http/petstore-api.ts';

/** A createPet, and getPet of the pet it made read straight after (when there was one). */
export interface ReadBack {
  created: Exchange;
  fetch?: FetchObservation;
}

/** One create and its read: the read only when the create gave a Pet to read. */
async function createAndRead(api: PetstoreApi, create: () => Promise<Exchange>) {
  const created = await create();
  if (created.response?.status !== 201 || !validate('pet', created.response.json).valid)
    return { created };
  const exact = exactJson(created) as Record<string, unknown>;
  return { created, read: { created: exact, ex: await api.getPet(String(exactPetId(created))) } };
}

/**
 * `create` sent, and the pet it made read at once with getPet. When the read differs in a way
 * another client could have caused (the contract does not show updates or deletes), the same
 * create is sent again and read again, at most AGAIN_AT_MOST times, until one reads back as
 * created: another client would have to strike every one between its create and its read.
 */
export async function createAndReadBack(
  api: PetstoreApi,
  create: () => Promise<Exchange>,
): Promise<ReadBack> {
  const first = await createAndRead(api, create);
  if (!first.read) return { created: first.created };
  if (!worthAgain(first.read.created, first.read.ex))
    return { created: first.created, fetch: first.read };
  const again = await readTwins(api, create);
  return { created: first.created, fetch: again.length ? { ...first.read, again } : first.read };
}

/**
 * `create` sent again and its pet read at once, until one reads back as created, at most
 * AGAIN_AT_MOST times: the twins of a pet whose read another client could have spoilt.
 */
export async function readTwins(
  api: PetstoreApi,
  create: () => Promise<Exchange>,
): Promise<Array<{ created: Record<string, unknown>; ex: Exchange }>> {
  const again: Array<{ created: Record<string, unknown>; ex: Exchange }> = [];
  while (again.length < AGAIN_AT_MOST) {
    const next = await createAndRead(api, create);
    if (!next.read) break;
    again.push(next.read);
    if (!fetchProblem(next.read.created, next.read.ex)) break;
  }
  return again;
}
