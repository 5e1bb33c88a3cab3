import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { GET_200_PET } from '../src/checks/get-pet.ts';
import { skip } from '../src/checks/types.ts';
import { useTarget, verdictTest } from '../src/runner/check-test.ts';
import { validate } from '../src/schemas.ts';

const target = useTarget();

verdictTest(target, GET_200_PET, async (api) => {
  const created = await api.createPet(exampleNewPet(target.ctx.runId, 'get'));
  const pet = created.response?.json;
  // Without a created pet there is nothing to fetch; CREATE-201-PET reports why.
  if (created.response?.status !== 201 || !validate('pet', pet).valid) {
    return skip('precondition failed: createPet did not return a Pet to fetch');
  }
  const petRecord = pet as Record<string, unknown>;
  return GET_200_PET.judge({ created: petRecord, ex: await api.getPet(String(petRecord.id)) });
});
