import { petName } from '../arbitraries/pet-name.ts';
import { LIMIT, PET_STATUSES } from '../contract.ts';
import { type PetstoreApi, petstoreApi } from '../http/petstore-api.ts';
import type { Target } from './target.ts';

const STATUS_CYCLE = [...PET_STATUSES, undefined];

/**
 * Makes sure at least `min` pets exist, of every status, so limits and filters are tested on
 * more data than they let through. Returns how many pets the harness knows exist.
 */
export async function ensurePets(target: Target, min: number): Promise<number> {
  const api = petstoreApi((options) => target.client.send(options));
  const page = await api.listPets({ limit: LIMIT.max });
  const seen = Array.isArray(page.response?.json) ? page.response.json.length : 0;
  // A read-only run works on whatever data the target already holds.
  if (!target.ctx.writes) return seen;
  // Independent requests: sent together, up to the run's --concurrency (the throttle queues the rest).
  const answers = await Promise.all(
    Array.from({ length: Math.max(0, min - seen) }, (_, i) => api.createPet(seedPet(target, i))),
  );
  const created = answers.filter((ex) => ex.response?.status === 201).length;
  return seen + created;
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
  const existing = Array.isArray(page.response?.json)
    ? (page.response.json[0] as { id?: unknown } | undefined)
    : undefined;
  if (existing?.id !== undefined) return String(existing.id);
  if (!target.ctx.writes) return undefined;
  const created = await api.createPet({ name: petName(target.ctx.runId, label), categoryId: 1 });
  const id = (created.response?.json as { id?: unknown } | undefined)?.id;
  return created.response?.status === 201 && id !== undefined ? String(id) : undefined;
}
