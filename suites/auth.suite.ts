import { UNKNOWN_IDS } from '../src/arbitraries/pet-id.ts';
import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { AUTH_SCENARIOS, type AuthScenario, authCheckFor } from '../src/checks/auth.ts';
import { AUTH_BEFORE_BODY, AUTH_BEFORE_EXISTENCE } from '../src/checks/auth-order.ts';
import type { OperationName } from '../src/contract.ts';
import type { Auth } from '../src/http/client.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';
import { getPetRemoved } from '../src/runner/lifecycle.ts';

const target = useTarget();
const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };

function authFor(scenario: AuthScenario): Auth {
  const { authorization } = AUTH_SCENARIOS[scenario];
  return authorization === undefined ? 'none' : { authorization };
}

// Each request is valid but for its key, so only authentication can explain a non-401.
const SEND: Record<
  OperationName,
  (api: PetstoreApi, auth: Auth) => ReturnType<PetstoreApi['send']>
> = {
  listPets: (api, auth) => api.listPets(undefined, auth),
  createPet: (api, auth) => api.createPet(exampleNewPet(target.ctx.runId, 'auth'), auth),
  getPet: (api, auth) => api.getPet(1, auth),
};

for (const operation of Object.keys(SEND) as OperationName[]) {
  for (const scenario of Object.keys(AUTH_SCENARIOS) as AuthScenario[]) {
    checkTest(
      target,
      authCheckFor(operation, scenario),
      (api) => SEND[operation](api, authFor(scenario)),
      operation === 'getPet' ? whileGetPetExists : {},
    );
  }
}

checkTest(target, AUTH_BEFORE_BODY, (api) => api.createPetRaw('{"name": ', 'none'));
checkTest(
  target,
  AUTH_BEFORE_EXISTENCE,
  (api) => api.getPet(UNKNOWN_IDS[0], 'none'),
  whileGetPetExists,
);
