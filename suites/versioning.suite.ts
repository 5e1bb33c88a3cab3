import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { skip } from '../src/checks/types.ts';
import { SUNSET_GET_LIFECYCLE, VERSION_PREFIX_V1 } from '../src/checks/versioning.ts';
import { checkTest, useTarget, verdictTest } from '../src/runner/check-test.ts';

const target = useTarget();

checkTest(target, VERSION_PREFIX_V1, async () => target.ctx.baseUrl);

verdictTest(target, SUNSET_GET_LIFECYCLE, async (api) => {
  const created = await api.createPet(exampleNewPet(target.ctx.runId, 'sunset'));
  const id = (created.response?.json as { id?: unknown } | undefined)?.id;
  if (created.response?.status !== 201 || id === undefined) {
    return skip('precondition failed: createPet did not return a Pet to fetch');
  }
  return SUNSET_GET_LIFECYCLE.judge({ today: target.ctx.today, ex: await api.getPet(String(id)) });
});
