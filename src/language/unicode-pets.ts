import { categoryNames, type NameKind } from '../arbitraries/unicode-categories.ts';
import { PET_STATUSES } from '../contract/contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { petstoreApi } from '../http/petstore-api.ts';
import { SEED_LABEL } from './set-up-trouble.ts';
import type { Target } from './target.ts';

/** A name of one kind of characters, as sent, and createPet's answer. */
export interface NamedPet {
  kind: NameKind;
  name: string;
  created: Exchange;
}

const STATUS_CYCLE = [...PET_STATUSES, undefined];

/**
 * One pet per kind of characters (every general category, noncharacters, astral, emoji
 * sequences), created once per run that writes, before the seed pets: on a store that lists in
 * creation order they lead the first page, and each status's. Set-up traffic, so every answer
 * to it is judged too (EVERY-ANSWER); NAME-UNICODE judges the names.
 */
export function unicodePets(target: Target): Promise<NamedPet[]> {
  target.run.namedPets ??= createNamed(target);
  return target.run.namedPets;
}

async function createNamed(target: Target): Promise<NamedPet[]> {
  if (!target.ctx.writes) return [];
  const api = petstoreApi((options) => target.client.send({ ...options, check: SEED_LABEL }));
  return Promise.all(
    categoryNames(target.ctx.runId).map(async ({ kind, name }, i) => {
      const status = STATUS_CYCLE[i % STATUS_CYCLE.length];
      const created = await api.createPet({ name, categoryId: i, ...(status ? { status } : {}) });
      return { kind, name, created };
    }),
  );
}
