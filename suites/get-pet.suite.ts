import { edgeNewPets, newPetArb } from '../src/arbitraries/new-pet.ts';
import {
  integerIdArb,
  MALFORMED_ID_SEGMENTS,
  NAMED_IDS,
  NON_INTEGER_IDS,
  UNKNOWN_IDS,
} from '../src/arbitraries/pet-id.ts';
import {
  GET_200_LISTED,
  GET_200_PET,
  GET_404_UNKNOWN,
  GET_ID_ANY,
  GET_ID_NOT_INT64,
} from '../src/checks/get-pet.ts';
import { precondition } from '../src/checks/types.ts';
import { exactJson, integerText } from '../src/http/exact.ts';
import { eachTest, propertyTest, useTarget, verdictTest } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { createAndReadBack } from '../src/language/read-back.ts';
import { settledSince } from '../src/language/recheck-empty.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';
import { probeUnknownId } from '../src/language/unknown-id.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function getPetSuite(run: SuiteRun): void {
  const target = useTarget(run);
  const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };

  propertyTest(
    target,
    GET_200_PET,
    newPetArb(target.ctx.runId),
    async (api, sent) => {
      const { fetch } = await createAndReadBack(api, () => api.createPet(sent));
      // Without a created pet there is nothing to fetch; the createPet checks say why.
      return fetch ?? precondition('createPet did not return a Pet to fetch');
    },
    // Each input fetches the pet it created itself.
    { ...whileGetPetExists, examples: edgeNewPets(target.ctx.runId), independent: true },
  );

  // A pet the service already holds (the probe creates none): the first listPets shows.
  verdictTest(
    target,
    GET_200_LISTED,
    async (api) => {
      const page = exactJson(await api.listPets({ limit: 1 }));
      const id = Array.isArray(page) ? integerText(page[0]?.id) : undefined;
      if (id === undefined) return precondition('listPets showed no pet with an integer id');
      const ex = await api.getPet(id);
      if (ex.response?.status !== 404) return GET_200_LISTED.judge({ id, ex });
      // Another client may have deleted it, and the listing (a search index) may learn of that
      // late, as it may of a create: listed still once --list-lag has passed, it is not gone.
      await settledSince(target, ex);
      const again = exactJson(await api.listPets({ limit: 100 }));
      const stillListed = Array.isArray(again) && again.some((p) => integerText(p?.id) === id);
      return GET_200_LISTED.judge({ id, ex, stillListed });
    },
    whileGetPetExists,
  );

  eachTest(
    target,
    GET_404_UNKNOWN,
    UNKNOWN_IDS,
    (api, id) => probeUnknownId(api, id),
    `ids ${UNKNOWN_IDS.join(', ')} (or spares, where those exist): 404 Error`,
    whileGetPetExists,
  );

  propertyTest(
    target,
    GET_ID_ANY,
    integerIdArb,
    async (api, id) => ({ id, ex: await api.getPet(id) }),
    { ...whileGetPetExists, examples: [...NAMED_IDS], independent: true },
  );

  eachTest(
    target,
    GET_ID_NOT_INT64,
    [
      ...NON_INTEGER_IDS.map((id) => ({ id, segment: encodeURIComponent(id) })),
      ...MALFORMED_ID_SEGMENTS.map((segment) => ({ id: segment, segment })),
    ],
    async (api, { id, segment }) => ({
      id,
      ex: await api.send({ method: 'GET', path: `/pets/${segment}` }),
    }),
    `every petId that is not an int64 (${NON_INTEGER_IDS.length}, and ${MALFORMED_ID_SEGMENTS.length} malformed escapes) got 400 or 404 Error`,
    whileGetPetExists,
  );
}
