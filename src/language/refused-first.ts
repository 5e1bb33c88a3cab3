import { refusedCategoryId, refusedName } from '../arbitraries/pet-name.ts';
import { nearKeys, WRONG_TOKEN } from '../checks/auth-table.ts';
import { inThree } from '../checks/equivalence-table.ts';
import { INT64, LIMIT } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { petstoreApi } from '../http/petstore-api.ts';
import type { Target } from './target.ts';

/** The records name these requests' sender (exchanges.har `_check`). */
export const REFUSED_FIRST_LABEL = 'refused-first';

/**
 * The first writes of a run that writes, before the model, the names and the seed pets:
 * createPets the contract refuses (no key, a wrong key, tokens near the key, also chunked or
 * form-encoded or multipart, the key in a chunked body's trailer, a body past 32 KiB; with the key, a
 * categoryId written as a string, with a fraction or just past int64, a status in another
 * letter case), each
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
    // A multipart form (a browser's file-upload form; the sample Swagger Petstore's uploads):
    // a body parser mounted before the key check may create the pet as it reads the parts.
    api.send({
      method: 'POST',
      path: '/pets',
      rawBody: multipartOf({ ...pet('first-multipart-no-key'), categoryId: '1' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      auth: 'none',
    }),
    // The key where no key belongs: the chunked body's trailer section (RFC 9110 6.5.1: a
    // trailer field is not one of the header section's; a server merging them takes it).
    api.send({
      method: 'POST',
      path: '/pets',
      bodyChunks: inThree(JSON.stringify(pet('first-trailer-key'))),
      chunkFraming: { trailer: { authorization: `Bearer ${target.ctx.apiKey}` } },
      auth: 'none',
      // A trailer is a form only RFC 9112 makes a request's: a strict parser may refuse it first.
      rfcForm: true,
    }),
    // A body past 32 KiB without the key: a writer that streams large bodies in apart from
    // the key check stores it while the check refuses it.
    api.send({
      method: 'POST',
      path: '/pets',
      rawBody: JSON.stringify(pet('first-large-no-key')).replace(/}$/, `${' '.repeat(40_000)}}`),
      auth: 'none',
    }),
    // No name to mark, the categoryId marks them: without a name, with a name that is no
    // string or null (a binder that defaults a missing name, or stringifies 7, stores them).
    ...[{}, { name: 7 }, { name: null }].map((body) =>
      api.createPet({ ...body, categoryId: refusedCategoryId(runId) }),
    ),
    // Invalid values a loosely typed binder reads as valid ones: "1" as 1, 1.5 as 1, Sold as sold.
    api.createPet({ ...pet('first-invalid'), categoryId: '1' }),
    // Just past int64 each way: a store whose column takes them, checked after the insert.
    api.createPet({ ...pet('first-invalid-int64'), categoryId: INT64.max + 1n }),
    api.createPet({ ...pet('first-invalid-int64-min'), categoryId: INT64.min - 1n }),
    api.createPet({ ...pet('first-invalid-fraction'), categoryId: 1.5 }),
    api.createPet({ ...pet('first-invalid-status'), status: 'Sold' }),
  ]);
  return [...refused, await api.listPets({ limit: LIMIT.max })];
}

const BOUNDARY = 'pc-boundary-7MA4YWxkTrZu0gW';

/** Fields as a multipart/form-data body (RFC 7578), one part each. */
function multipartOf(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}
