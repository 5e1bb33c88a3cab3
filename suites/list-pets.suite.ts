import { LIST_200_PETS } from '../src/checks/list-pets.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';

const target = useTarget();

checkTest(target, LIST_200_PETS, (api) => api.listPets());
