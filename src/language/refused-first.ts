import { refusedName } from '../arbitraries/pet-name.ts';
import { nearKeys, WRONG_TOKEN } from '../checks/auth-table.ts';
import { inThree } from '../checks/equivalence-table.ts';
import { LIMIT } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { petstoreApi } from '../http/petstore-api.ts';
import type { Target } from './target.ts';

/** The records name these requests' sender (exchanges.har `_check`). */
export const REFUSED_FIRST_LABEL = 'refused-first';

/**
 * The first writes of a run that writes, before the model, the names and the seed pets:
 * createPets the contract refuses (no key, a wrong key, tokens near the key, also chunked or
 * form-encoded; with the key, a
 * categoryId written as a string or with a fraction, a status in another letter case), each
 * a NewPet otherwise and each named with a marked name (see refusedMark), then a page of 100
 * with the key. On a fresh or small store, and on one listed oldest-first, a refused write the
 * server stored anyway shows in that page; the run's ledger looks for the marked names in every
 * answer it reads (RUN-401-NO-EFFECT, RUN-400-NO-EFFECT). A read-only run sends none of it.
 */
export async function refusedFirst(target: Target): Promise<Exchange[]> {
  if (!target.ctx.writes) return [];
  const { runId } = target.ctx;
  const api = petstoreApi((options) =>
    target.client.send({ ...options, check: REFUSED_FIRST_LABEL }),
  );
  const pet = (label: string) => ({
    name: refusedName(runId, label),
    categoryId: 1,
    status: 'available',
  });
  const refused = await Promise.all([
    api.createPet(pet('first-no-key'), 'none'),
    api.createPet(pet('first-wrong-key'), { authorization: `Bearer ${WRONG_TOKEN}` }),
    // Tokens near the key (a server comparing a prefix, or letters in any case, for writes).
    ...nearKeys(target.ctx.apiKey).map(({ token }, i) =>
      api.createPet(pet(`first-near-key-${i}`), { authorization: `Bearer ${token}` }),
    ),
    // The body in another framing or media type: a key check and a writer that read it apart.
    ...(['first-chunked-no-key', 'first-chunked-wrong-key'] as const).map((label) =>
      api.send({
        method: 'POST',
        path: '/pets',
        bodyChunks: inThree(JSON.stringify(pet(label))),
        auth: label.endsWith('no-key') ? 'none' : { authorization: `Bearer ${WRONG_TOKEN}` },
      }),
    ),
    api.send({
      method: 'POST',
      path: '/pets',
      rawBody: new URLSearchParams({ ...pet('first-form-no-key'), categoryId: '1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      auth: 'none',
    }),
    // Invalid values a loosely typed binder reads as valid ones: "1" as 1, 1.5 as 1, Sold as sold.
    api.createPet({ ...pet('first-invalid'), categoryId: '1' }),
    api.createPet({ ...pet('first-invalid-fraction'), categoryId: 1.5 }),
    api.createPet({ ...pet('first-invalid-status'), status: 'Sold' }),
  ]);
  return [...refused, await api.listPets({ limit: LIMIT.max })];
}
