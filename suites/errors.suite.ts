import { UNKNOWN_IDS } from '../src/arbitraries/pet-id.ts';
import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import {
  ERR_BODY_STATUS,
  JSON_CONTENT_TYPE,
  type LabelledExchange,
  type ProvokedError,
} from '../src/checks/errors.ts';
import { exactJson, exactPetId, integerText } from '../src/checks/exact.ts';
import { isThatPet } from '../src/checks/get-pet.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';
import { getPetRemoved } from '../src/runner/lifecycle.ts';
import { probeUnknownId } from '../src/runner/unknown-id.ts';

const target = useTarget();
// After the sunset getPet answers 404 or 410 for everything; the Error body is still owed.
const getPetError = () => (getPetRemoved(target.ctx) ? [404, 410] : [404]);

/** The id of the first pet of a listPets answer, exactly as sent, or undefined. */
function firstPetId(page: Exchange): string | undefined {
  const items = exactJson(page);
  return Array.isArray(items) ? integerText((items[0] as { id?: unknown })?.id) : undefined;
}

// A read-only run provokes its errors with GETs alone; createPet's are added when it may write.
checkTest(target, ERR_BODY_STATUS, async (api) => {
  const answers: ProvokedError[] = [
    { expected: [401], label: 'listPets without key', ex: await api.listPets(undefined, 'none') },
  ];
  if (target.ctx.writes) {
    answers.push(
      {
        expected: [401],
        label: 'createPet without key',
        ex: await api.createPet(exampleNewPet(target.ctx.runId, 'err'), 'none'),
      },
      {
        expected: [400],
        label: 'createPet without name',
        ex: await api.createPet({ categoryId: 1 }),
      },
    );
  }
  // A removed route may answer 404 or 410 before any key check: its auth is not probed then.
  if (!getPetRemoved(target.ctx)) {
    answers.push({ expected: [401], label: 'getPet without key', ex: await api.getPet(1, 'none') });
  }
  // No id is assumed unknown: one getPet answered with that very pet is not asked about.
  const unknown = await probeUnknownId(api, UNKNOWN_IDS[0]);
  if (!isThatPet(unknown.ex, unknown.id)) {
    answers.push({ expected: getPetError(), label: 'getPet of an unknown id', ex: unknown.ex });
  }
  return answers;
});

// Each answer is labelled by the request that got it, not by the status it ought to have.
checkTest(target, JSON_CONTENT_TYPE, async (api) => {
  const { writes } = target.ctx;
  const created = writes ? await api.createPet(exampleNewPet(target.ctx.runId, 'json')) : undefined;
  const listed = await api.listPets();
  const answers: LabelledExchange[] = [{ label: 'listPets', ex: listed }];
  if (created) answers.push({ label: 'createPet', ex: created });
  answers.push({
    label: 'listPets without key',
    expected: [401],
    ex: await api.listPets(undefined, 'none'),
  });
  if (writes) {
    answers.push({
      label: 'createPet without categoryId',
      expected: [400],
      ex: await api.createPet({ name: 'x' }),
    });
  }
  // No id can be assumed unknown (a service may have assigned it): its 200 is not judged here.
  answers.push({ label: 'getPet of an unknown id', ex: await api.getPet(UNKNOWN_IDS[0]) });
  // A pet this run created, or in a read-only run one the service already lists.
  const id = created ? exactPetId(created) : firstPetId(listed);
  if (id !== undefined && !getPetRemoved(target.ctx)) {
    answers.push({ label: 'getPet of an existing pet', ex: await api.getPet(id) });
  }
  return answers;
});
