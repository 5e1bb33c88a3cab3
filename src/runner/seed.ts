import { petName } from '../arbitraries/pet-name.ts';
import { exactJson, exactPetId, integerText } from '../checks/exact.ts';
import { LIMIT, PET_STATUSES } from '../contract.ts';
import type { Exchange } from '../http/exchange.ts';
import { type PetstoreApi, petstoreApi } from '../http/petstore-api.ts';
import { isRefusal } from '../http/throttle.ts';
import type { Target } from './target.ts';

const STATUS_CYCLE = [...PET_STATUSES, undefined];

/** The records name seeding as the sender of its requests (exchanges.har `_check`). */
export const SEED_LABEL = 'seed';
const seedingApi = (target: Target) =>
  petstoreApi((options) => target.client.send({ ...options, check: SEED_LABEL }));

/** The pets the harness knows exist, and why there are not more when the run stopped sending. */
export interface Seeded {
  known: number;
  /** The throttle's reason (budget spent, target unresponsive) when it refused a seeding request. */
  refused?: string;
}

function seeded(known: number, answers: readonly Exchange[]): Seeded {
  const refusal = answers.find(isRefusal)?.error?.message;
  return refusal === undefined ? { known } : { known, refused: refusal };
}

/**
 * Makes sure at least `min` pets exist, of every status, so limits and filters are tested on
 * more data than they let through.
 */
export async function ensurePets(target: Target, min: number): Promise<Seeded> {
  const api = seedingApi(target);
  const page = await api.listPets({ limit: LIMIT.max });
  const seen = Array.isArray(page.response?.json) ? page.response.json.length : 0;
  // A read-only run works on whatever data the target already holds.
  if (!target.ctx.writes) return seeded(seen, [page]);
  // Independent requests: sent together, up to the run's --concurrency (the throttle queues the rest).
  const answers = await Promise.all(
    Array.from({ length: Math.max(0, min - seen) }, (_, i) => api.createPet(seedPet(target, i))),
  );
  const created = answers.filter((ex) => ex.response?.status === 201).length;
  return seeded(seen + created, [page, ...answers]);
}

/**
 * Makes sure more than `LIMIT.max` pets of each status exist, so a limit with a status filter
 * is judged on more data than it lets through. A full page of a status gets one more pet.
 */
export async function ensurePetsOfEachStatus(target: Target): Promise<void> {
  if (!target.ctx.writes) return;
  const api = seedingApi(target);
  const pages = await Promise.all(
    PET_STATUSES.map((status) => api.listPets({ status, limit: LIMIT.max })),
  );
  // All pages first, then all creations: the same seed sends them in the same order.
  const bodies = PET_STATUSES.flatMap((status, s) => {
    const page = pages[s]?.response?.json;
    const seen = Array.isArray(page) ? page.length : 0;
    const missing = seen >= LIMIT.max ? 1 : LIMIT.max + 1 - seen;
    return Array.from({ length: missing }, (_, i) => ({
      name: petName(target.ctx.runId, `${status}-${i}`),
      categoryId: i,
      status,
    }));
  });
  await Promise.all(bodies.map((body) => api.createPet(body)));
}

/** Why checks that judge by existing pets cannot run, or undefined when some exist. */
export function noPetsReason({ known, refused }: Seeded): string | undefined {
  if (known > 0) return undefined;
  return refused === undefined
    ? 'no pets exist: nothing to judge limits by'
    : `${refused} before any pet could be listed or created`;
}

/**
 * `ensurePets` at most once, and only when a check asks: a selection that needs no data
 * (e.g. `--only AUTH-LIST`) creates none.
 */
export function seedOnce(target: Target, min: number): () => Promise<Seeded> {
  let once: Promise<Seeded> | undefined;
  return () => {
    once ??= ensurePets(target, min);
    return once;
  };
}

function seedPet(target: Target, i: number) {
  const status = STATUS_CYCLE[i % STATUS_CYCLE.length];
  return {
    name: petName(target.ctx.runId, `seed-${i}`),
    categoryId: i,
    ...(status ? { status } : {}),
  };
}

/**
 * A pet to fetch: one the target already holds, else (when the run may write) a new one.
 * Undefined when there is none and the run is read-only.
 */
export async function somePetId(
  api: PetstoreApi,
  target: Target,
  label: string,
): Promise<string | undefined> {
  const page = await api.listPets({ limit: 1 });
  const items = exactJson(page);
  const existing = Array.isArray(items)
    ? integerText((items[0] as { id?: unknown })?.id)
    : undefined;
  if (existing !== undefined) return existing;
  if (!target.ctx.writes) return undefined;
  const created = await api.createPet({ name: petName(target.ctx.runId, label), categoryId: 1 });
  const id = exactPetId(created);
  return created.response?.status === 201 ? id : undefined;
}
