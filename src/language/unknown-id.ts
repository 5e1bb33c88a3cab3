import { isThatPet } from '../checks/get-pet.ts';
import type { Exchange } from '../http/exchange.ts';
import type { PetstoreApi } from '../http/petstore-api.ts';

// Spread over the whole int64 range, negatives included: any of them may be assigned, but a
// store with a pet at all of them (and the first) answers no id 404.
const SPARE_IDS = [
  '-9223372036854775808',
  '-4611686018427387905',
  '6917529027641081853',
  '-1',
  '3458764513820540929',
  '-6917529027641081857',
  '1152921504606846977',
];

/** An id getPet did not answer with that very pet, the answer, and the ids found assigned. */
export interface UnknownIdProbe {
  id: string;
  ex: Exchange;
  assigned: string[];
}

/**
 * Asks getPet for `first`, then for spare ids while the answer is 200 with that very pet: no id
 * may be assumed unassigned (a service may hand out any int64). The last answer is returned
 * when every id tried exists.
 */
export async function probeUnknownId(api: PetstoreApi, first: string): Promise<UnknownIdProbe> {
  const assigned: string[] = [];
  const candidates = [first, ...SPARE_IDS.filter((id) => id !== first)];
  let probe: UnknownIdProbe | undefined;
  for (const id of candidates) {
    probe = { id, ex: await api.getPet(id), assigned };
    if (!isThatPet(probe.ex, id)) return probe;
    assigned.push(id);
  }
  return probe as UnknownIdProbe;
}
