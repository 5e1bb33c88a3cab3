import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { CREATE_201_PET } from '../src/checks/create-pet.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';

const target = useTarget();

checkTest(target, CREATE_201_PET, async (api) => {
  const sent = exampleNewPet(target.ctx.runId, 'create');
  return { sent, ex: await api.createPet(sent) };
});
