import { petName } from '../src/arbitraries/pet-name.ts';
import { EVERY_ANSWER } from '../src/checks/every-answer.ts';
import { RUN_ID_UNIQUE, RUN_MIN_CREATIONS, RUN_PET_CONSISTENT } from '../src/checks/run-wide.ts';
import { RUN_SENTINELS } from '../src/checks/sentinels.ts';
import { LIMIT, PET_STATUSES } from '../src/contract/contract.ts';
import { checkTest, useTarget } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import type { CreatedPet } from '../src/language/run-pets.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function wholeRunSuite(run: SuiteRun): void {
  // Registered last, its checks start after all others: they judge what those created and saw.
  const target = useTarget(run, { afterTheRest: true });
  const { runId } = target.ctx;
  /** Created pets fetched again at the end of the run, spread over the run. */
  const SAMPLE = 10;

  checkTest(target, RUN_ID_UNIQUE, async (api) => {
    const pets = target.run.pets;
    // However few pets the selected checks created, go past 100 creations.
    const missing = Math.max(0, RUN_MIN_CREATIONS - pets.creations);
    await Promise.all(
      Array.from({ length: missing }, (_, i) =>
        api.createPet({
          name: petName(runId, `run-${i}`),
          categoryId: i,
          status: PET_STATUSES[i % PET_STATUSES.length],
        }),
      ),
    );
    return { creations: pets.creations, distinct: pets.created.size, reused: pets.reused };
  });

  // By id order, not by arrival: pets created together may arrive in any order, but the same
  // seed must fetch the same paths.
  function sample(created: Map<string, CreatedPet>): string[] {
    const ids = [...created.keys()].sort((a, b) => {
      const d = BigInt(a) - BigInt(b);
      return d < 0n ? -1 : d > 0n ? 1 : 0;
    });
    const step = Math.max(1, Math.floor(ids.length / SAMPLE));
    return ids.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  }

  checkTest(target, RUN_PET_CONSISTENT, async (api) => {
    const pets = target.run.pets;
    // Alone (e.g. --only RUN-PET), the run has created nothing yet: a few pets to follow.
    if (pets.created.size === 0) {
      await Promise.all(
        PET_STATUSES.map((status, i) =>
          api.createPet({
            name: petName(runId, `follow-${status}`),
            categoryId: 2 ** 31 + i,
            status,
          }),
        ),
      );
    }
    const fetched = getPetRemoved(target.ctx) ? [] : sample(pets.created);
    // Pages are judged only for the pets they hold: how to reach later pages is not shown.
    await Promise.all([
      ...fetched.map((id) => api.getPet(id)),
      ...[undefined, ...PET_STATUSES].map((status) =>
        api.listPets({ limit: LIMIT.max, ...(status ? { status } : {}) }),
      ),
    ]);
    return { sightings: pets.sightings, mismatches: pets.mismatches };
  });

  // The last round of sentinel probes, then every probe of the run judged.
  checkTest(target, RUN_SENTINELS, async (api) => {
    target.run.sentinels.finalRound(api.send);
    return target.run.sentinels.observation();
  });

  // Last of all: every answer the run received, the preflight's and the set-up's included.
  checkTest(target, EVERY_ANSWER, async () => target.run.answers.observation());
}
