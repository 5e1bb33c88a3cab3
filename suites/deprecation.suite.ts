import { exampleNewPet } from '../src/arbitraries/pet-name.ts';
import { sendableValue } from '../src/base/field-value.ts';
import {
  DEPRECATION_HEADER,
  DEPRECATION_LINKS,
  DEPRECATION_ONLY_GETPET,
  SUNSET_COUNTDOWN,
  SUNSET_HEADER,
} from '../src/checks/deprecation.ts';
import { type Judgement, precondition } from '../src/checks/types.ts';
import type { Exchange } from '../src/http/exchange.ts';
import type { PetstoreApi } from '../src/http/petstore-api.ts';
import { checkTest, fixture, useTarget, verdictTest } from '../src/language/check-test.ts';
import { getPetRemoved } from '../src/language/lifecycle.ts';
import { somePet } from '../src/language/seed.ts';
import type { SuiteRun } from '../src/language/suite-run.ts';

/**
 * getPet again with the validators its answer gave (ETag, Last-Modified), as a client's cache
 * asks: a 304 carries the fields a 200 would (RFC 9110 15.4.5), its notice judged with every
 * answer on the path (DEPRECATION-EVERY-GETPET), since a cache takes its Sunset for the stored one.
 */
async function revalidate(api: PetstoreApi, ex: Exchange): Promise<void> {
  const headers = ex.response?.status === 200 ? ex.response.headers : {};
  const { etag, 'last-modified': modified } = headers;
  const conditions: Record<string, string> = {
    ...(sendableValue(etag) ? { 'if-none-match': etag } : {}),
    ...(sendableValue(modified) ? { 'if-modified-since': modified } : {}),
  };
  if (!Object.keys(conditions).length) return;
  await api.send({
    method: 'GET',
    path: new URL(ex.request.url).pathname.replace(/^.*(?=\/pets\/)/, ''),
    headers: conditions,
  });
}

/** Registers this suite's checks (called by suites/all.ts, once per run). */
export default function deprecationSuite(run: SuiteRun): void {
  const target = useTarget(run);
  // Once getPet is removed, how it used to announce its removal no longer matters.
  const whileGetPetExists = { unlessSkipped: () => getPetRemoved(target.ctx) };

  const fetched = [SUNSET_HEADER, DEPRECATION_HEADER, DEPRECATION_LINKS];
  const petToFetch = fixture(target, fetched, () => somePet(target));

  /** getPet's answer for an existing pet: the response whose headers announce the sunset. */
  async function fetchSomePet(api: PetstoreApi): Promise<Exchange | Judgement> {
    const pet = await petToFetch();
    return 'none' in pet ? precondition(pet.none) : api.getPet(pet.id);
  }

  for (const check of fetched) {
    verdictTest(
      target,
      check,
      async (api) => {
        const ex = await fetchSomePet(api);
        if ('verdict' in ex) return ex;
        if (check === SUNSET_HEADER) await revalidate(api, ex);
        return check.judge(ex);
      },
      whileGetPetExists,
    );
  }

  checkTest(target, DEPRECATION_ONLY_GETPET, (api) =>
    Promise.all([
      api.listPets(),
      // The replacement the contract names: listPets with the status filter.
      api.listPets({ status: 'sold' }),
      // createPet is looked at only when the run may write.
      ...(target.ctx.writes
        ? [api.createPet(exampleNewPet(target.ctx.runId, 'not-deprecated'))]
        : []),
    ]),
  );

  checkTest(target, SUNSET_COUNTDOWN, async () => ({
    today: target.ctx.today,
    warnWithinDays: target.ctx.sunsetWarnDays,
  }));
}
