import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import {
  CREATE_SAME_TWICE,
  type ProbedId,
  READ_BEFORE_AFTER,
  READ_REPEATED,
} from '../src/checks/over-time.ts';
import { precondition } from '../src/checks/types.ts';
import { INT64 } from '../src/contract/contract.ts';
import { exactPetId } from '../src/http/exact.ts';
import type { Exchange } from '../src/http/exchange.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Reads one after another, each sent once the one before it was answered. */
async function inTurn(times: number, read: () => Promise<Exchange>): Promise<Exchange[]> {
  const reads: Exchange[] = [];
  for (let i = 0; i < times; i++) reads.push(await read());
  return reads;
}

/** Ids next to `id` on both sides (where the next pets of a counter would land), within int64. */
function neighbours(id: string, reach: number): string[] {
  const n = BigInt(id);
  return Array.from({ length: reach }, (_, i) => BigInt(i + 1))
    .flatMap((d) => [n + d, n - d])
    .filter((v) => v >= INT64.min && v <= INT64.max)
    .map(String);
}

/** categoryIds past 2^53 (odd: no double holds them), one per pet READ-REPEATED makes. */
const HOT_CATEGORY_IDS = [2n ** 53n + 1n, 2n ** 62n + 3n];
/** How often READ-REPEATED reads each of its own pets: past a cache's "hot" threshold of a few. */
const HOT_READS = 8;

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function overTimeSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const { runId, writes } = target.ctx;
  const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };
  const petToFetch = fixture(target, [READ_REPEATED], () => somePet(target));

  verdictTest(
    target,
    READ_REPEATED,
    async (api) => {
      // Pets of its own when the run may write (no other check reads them meanwhile), with
      // categoryIds no double holds: a cache that takes over a pet read often (a hot key) and
      // keeps it through JSON numbers shows them rounded, which RUN-PET-CONSISTENT judges.
      const own = writes
        ? await Promise.all(
            HOT_CATEGORY_IDS.map(async (categoryId, i) =>
              exactPetId(
                await api.createPet({ ...exampleNewPet(runId, `repeated-${i}`), categoryId }),
              ),
            ),
          )
        : [];
      const [first, ...others] = own.filter((id) => id !== undefined);
      const pet = first === undefined ? await petToFetch() : { id: first };
      if ('none' in pet) return precondition(pet.none);
      const query = { limit: 5, status: 'available' as const };
      const reads = first === undefined ? 3 : HOT_READS;
      const [gets, lists] = await Promise.all([
        inTurn(reads, () => api.getPet(pet.id)),
        inTurn(3, () => api.listPets(query)),
        ...others.map((id) => inTurn(HOT_READS, () => api.getPet(id))),
      ]);
      return READ_REPEATED.judge({ id: pet.id, gets, query, lists });
    },
    whileGetPetExists,
  );

  checkTest(target, CREATE_SAME_TWICE, async (api) => {
    const sent = exampleNewPet(runId, 'twice');
    const inSequence = await inTurn(2, () => api.createPet(sent));
    const atOnce = await Promise.all([api.createPet(sent), api.createPet(sent)]);
    // After the sunset only the ids are judged: getPet is gone.
    const readBack = (creates: Exchange[]) =>
      getPetRemoved(target.ctx)
        ? []
        : Promise.all(
            creates
              .map((ex) => exactPetId(ex))
              .flatMap((id) => (id === undefined ? [] : [api.getPet(id)])),
          );
    const pairs = [
      { how: 'one after another', creates: inSequence, reads: await readBack(inSequence) },
      { how: 'at once', creates: atOnce, reads: await readBack(atOnce) },
    ];
    // A pet not found may have been deleted by another client: a third pair tells (the check
    // fails a loss only when every pair shows one).
    if (pairs.some(({ reads }) => reads.some((ex) => ex.response?.status === 404))) {
      const again = await inTurn(2, () => api.createPet(sent));
      pairs.push({ how: 'again, one after another', creates: again, reads: await readBack(again) });
    }
    return { sent, pairs };
  });
}

/**
 * Registers READ-BEFORE-AFTER among the checks that start once all others have ended (suites/all.ts
 * places it before the whole-run suite): no other check is handed ids meanwhile, so the ids it
 * reads before any pet has them are the next ones, whatever the interleaving before.
 */
export function overTimeLateSuite(run: SuiteRun): void {
  const target = useTarget(run, { afterTheRest: true });
  const { runId } = target.ctx;
  const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };

  /** Reads ids next to a pet just created, creates pets, and reads the ids again. */
  async function probeRound(api: PetstoreApi, round: number): Promise<ProbedId[]> {
    const first = exactPetId(await api.createPet(exampleNewPet(runId, `probe-${round}`)));
    if (first === undefined) return [];
    const ids = neighbours(first, 3);
    const before = await Promise.all(ids.map((id) => api.getPet(id)));
    await Promise.all(
      [1, 2, 3].map((i) => api.createPet(exampleNewPet(runId, `probe-${round}-${i}`))),
    );
    // Judged only for an id a pet createPet returned to this run had when it was read again.
    return Promise.all(
      ids.map(async (id, i) => {
        const given = target.run.pets.created.has(id);
        return { id, before: before[i] as Exchange, after: await api.getPet(id), given };
      }),
    );
  }

  checkTest(
    target,
    READ_BEFORE_AFTER,
    // Two tries, one after the other.
    async (api) => ({ rounds: [await probeRound(api, 1), await probeRound(api, 2)] }),
    whileGetPetExists,
  );
}
