import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { AUTH_SCENARIOS, type AuthScenario, authCheckFor } from '../src/checks/auth.ts';
import type { OperationName } from '../src/contract.ts';
import type { Auth } from '../src/http/client.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, useTarget } from '../src/runner/check-test.ts';

const target = useTarget();

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
    checkTest(target, authCheckFor(operation, scenario), (api) =>
      SEND[operation](api, authFor(scenario)),
    );
  }
}
