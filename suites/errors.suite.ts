import { UNKNOWN_IDS } from '../src/arbitraries/pet-id.ts';
import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { ERR_BODY_STATUS, JSON_CONTENT_TYPE } from '../src/checks/errors.ts';
import { exactPetId } from '../src/checks/exact.ts';
import { isThatPet } from '../src/checks/get-pet.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';
import { getPetRemoved } from '../src/runner/lifecycle.ts';
import { probeUnknownId } from '../src/runner/unknown-id.ts';

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function errorsSuite(): void {
  const target = useTarget();
  // After the sunset getPet answers 404 or 410 for everything; the Error body is still owed.
  const getPetError = () => (getPetRemoved(target.ctx) ? [404, 410] : [404]);

  checkTest(target, ERR_BODY_STATUS, async (api) => {
    const answers = [
      { expected: [401], label: 'listPets without key', ex: await api.listPets(undefined, 'none') },
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
    ];
    // A removed route may answer 404 or 410 before any key check: its auth is not probed then.
    if (!getPetRemoved(target.ctx)) {
      answers.push({
        expected: [401],
        label: 'getPet without key',
        ex: await api.getPet(1, 'none'),
      });
    }
    // No id is assumed unknown: one getPet answered with that very pet is not asked about.
    const unknown = await probeUnknownId(api, UNKNOWN_IDS[0]);
    if (!isThatPet(unknown.ex, unknown.id)) {
      answers.push({ expected: getPetError(), label: 'getPet of an unknown id', ex: unknown.ex });
    }
    return answers;
  });

  checkTest(target, JSON_CONTENT_TYPE, async (api) => {
    const created = await api.createPet(exampleNewPet(target.ctx.runId, 'json'));
    const id = exactPetId(created);
    const answers = [
      { label: 'listPets 200', ex: await api.listPets() },
      { label: 'createPet 201', ex: created },
      { label: 'listPets 401', expected: [401], ex: await api.listPets(undefined, 'none') },
      { label: 'createPet 400', expected: [400], ex: await api.createPet({ name: 'x' }) },
      // No id can be assumed unknown (a service may have assigned it): its 200 is not judged here.
      { label: 'getPet 404', ex: await api.getPet(UNKNOWN_IDS[0]) },
    ];
    if (id !== undefined && !getPetRemoved(target.ctx)) {
      answers.push({ label: 'getPet 200', ex: await api.getPet(id) });
    }
    return answers;
  });
}
