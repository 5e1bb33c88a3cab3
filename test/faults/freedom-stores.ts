import { PET_STATUSES, type PetStatus } from '../../src/contract/contract.ts';
import { type ListQuery, PetStore, type StoredPet } from '../../src/reference/store.ts';

/** A seeded generator of numbers in [0, 1) (mulberry32): a variant's choices repeat run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [min, max], drawn from `random`. */
export const between = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/**
 * Lists every pet of the status asked for, in a shuffled order each call, and cuts the page at a
 * length drawn from 1 to the limit ("Maximum number of animals to return"; how to reach the
 * later pages is not shown).
 */
export class AnyOrderStore extends PetStore {
  private readonly random = seededRandom(28);

  override list(query: ListQuery): StoredPet[] {
    const all = [...this.pets.values()].filter(
      (p) => query.status === undefined || p.status === query.status,
    );
    for (let i = all.length - 1; i > 0; i--) {
      const j = between(this.random, 0, i);
      [all[i], all[j]] = [all[j] as StoredPet, all[i] as StoredPet];
    }
    return all.slice(0, all.length ? between(this.random, 1, query.limit) : 0);
  }
}

/**
 * Pages by keys, as a store that scans a window of rows and filters within it does: a page is
 * what the first `window` pets in creation order hold of the status asked for, so it is short,
 * or empty, while pets of that status lie further on (the caller links the next page).
 */
export class KeysetWindowStore extends PetStore {
  constructor(private readonly window: number) {
    super();
  }

  override list(query: ListQuery): StoredPet[] {
    return [...this.pets.values()]
      .slice(0, this.window)
      .filter((p) => query.status === undefined || p.status === query.status)
      .slice(0, query.limit);
  }

  /** Whether pets lie past the first window: a next page to link. */
  goesOn(): boolean {
    return this.pets.size > this.window;
  }
}

/**
 * Moves every pet's status on, by itself, one step a `stepMs` from its creation: none, then
 * available, pending, sold, where it stays ("Transitions: not shown"). The pet as created is
 * what createPet answers; every later read shows its status of the moment.
 */
export class TransitionStore extends PetStore {
  private readonly born = new Map<string, number>();

  constructor(protected readonly stepMs: number) {
    super();
  }

  override create(fields: Omit<StoredPet, 'id'>): StoredPet {
    const pet = super.create(fields);
    this.born.set(pet.id.toString(), performance.now());
    return pet;
  }

  protected age(pet: StoredPet): number {
    return performance.now() - (this.born.get(pet.id.toString()) ?? 0);
  }

  protected now(pet: StoredPet): StoredPet {
    const steps = Math.floor(this.age(pet) / this.stepMs);
    const from = pet.status === undefined ? -1 : PET_STATUSES.indexOf(pet.status);
    const at = Math.min(PET_STATUSES.length - 1, from + steps);
    if (at < 0) return pet;
    return { ...pet, status: PET_STATUSES[at] as PetStatus };
  }

  override list(query: ListQuery): StoredPet[] {
    const out: StoredPet[] = [];
    for (const stored of this.pets.values()) {
      if (out.length >= query.limit) break;
      const pet = this.now(stored);
      if (query.status === undefined || pet.status === query.status) out.push(pet);
    }
    return out;
  }

  override get(id: bigint): StoredPet | undefined {
    const pet = super.get(id);
    return pet && this.now(pet);
  }
}

/**
 * A store where every pet becomes available `settleMs` after its creation, whatever status it
 * was created with (a pet created pending is pending only for a moment): a listing filtered by
 * pending or sold is empty unless such a pet was created just before it.
 */
export class SettlingStore extends TransitionStore {
  protected override now(pet: StoredPet): StoredPet {
    return this.age(pet) < this.stepMs ? pet : { ...pet, status: 'available' };
  }
}

/**
 * A store that holds every pet in another status for a while, again and again, then gives it
 * back its own (a vet check, a reservation): `stepMs` of every cycle of three steps away, the
 * rest as created (a pet without a status keeps none). A status goes away and comes back by
 * itself, at any speed.
 */
export class HoldingStore extends TransitionStore {
  protected override now(pet: StoredPet): StoredPet {
    // Each pet its own cycle (three steps, and some milliseconds by its id): holds of many pets
    // fall at every moment.
    const cycle = 3 * this.stepMs + Number(BigInt.asUintN(16, pet.id) % 17n);
    const held = this.age(pet) % cycle;
    if (held < this.stepMs || held >= 2 * this.stepMs || pet.status === undefined) return pet;
    return { ...pet, status: pet.status === 'pending' ? 'available' : 'pending' };
  }
}

/**
 * A store another client writes to as well, through operations the contract does not show: it
 * renames pets, moves their status or category, and deletes them, the harness's pets included.
 */
export class SharedStore extends PetStore {
  private readonly random = seededRandom(2028);
  writes = { updated: 0, deleted: 0 };

  /** A pet picked at random, or undefined in an empty store. */
  protected pick(): StoredPet | undefined {
    const ids = [...this.pets.keys()];
    const id = ids[between(this.random, 0, ids.length - 1)];
    return id === undefined ? undefined : this.pets.get(id);
  }

  /** Another client's update: a new name, status or category for a pet (never a new id). */
  update(): void {
    const pet = this.pick();
    if (!pet) return;
    const status = PET_STATUSES[between(this.random, 0, PET_STATUSES.length - 1)] as PetStatus;
    const changed: StoredPet = { ...pet, name: `renamed by another client ${pet.id}`, status };
    // Another int64, never past the bound (the harness sends categoryIds at both bounds).
    const INT64_MAX = 2n ** 63n - 1n;
    if (this.random() < 0.5)
      changed.categoryId = pet.categoryId < INT64_MAX ? pet.categoryId + 1n : pet.categoryId - 1n;
    this.pets.set(pet.id.toString(), changed);
    this.writes.updated++;
  }

  /** Another client's deletion of a pet. */
  delete(): void {
    const pet = this.pick();
    if (pet && this.pets.delete(pet.id.toString())) this.writes.deleted++;
  }

  /** What another client does at one moment: create, update, delete or nothing. */
  step(create: () => void): void {
    const roll = this.random();
    if (roll < 0.1) create();
    else if (roll < 0.2) this.update();
    else if (roll < 0.3) this.delete();
  }
}

/**
 * A store shared with a client that deletes a pet now and then (the run's own too), listed from
 * an index that learns of a deletion `lagMs` late: for that long getPet answers 404 while
 * listPets still shows the pet (a search index fed by a queue).
 */
export class LaggingIndexStore extends SharedStore {
  private readonly ghosts = new Map<string, { pet: StoredPet; until: number }>();

  constructor(private readonly lagMs: number) {
    super();
  }

  override delete(): void {
    const pet = this.pick();
    if (!pet) return;
    this.ghosts.set(pet.id.toString(), { pet, until: Date.now() + this.lagMs });
    this.pets.delete(pet.id.toString());
    this.writes.deleted++;
  }

  override list(query: ListQuery): StoredPet[] {
    const now = Date.now();
    for (const [id, ghost] of this.ghosts) if (ghost.until <= now) this.ghosts.delete(id);
    const ghosts = [...this.ghosts.values()]
      .map((g) => g.pet)
      .filter((pet) => query.status === undefined || pet.status === query.status);
    return [...super.list(query), ...ghosts]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, query.limit);
  }
}

/**
 * A store that already holds `count` pets of other clients when the run starts (statuses in
 * turn, some without one), listed oldest first or newest first. Some carry names another run of
 * the harness marked as refused (`pc-<other run>~refused-...`): they are not this run's.
 */
export class StockedStore extends PetStore {
  constructor(
    count: number,
    private readonly newestFirst: boolean,
  ) {
    super();
    for (let i = 0; i < count; i++) {
      const status = [...PET_STATUSES, undefined][i % (PET_STATUSES.length + 1)];
      const name =
        i % 50 === 0 ? `pc-0ther${i}~refused-first-no-key` : `stock pet ${i} of another client`;
      this.create({ name, categoryId: BigInt(i), ...(status ? { status } : {}) });
    }
  }

  override list(query: ListQuery): StoredPet[] {
    if (!this.newestFirst) return super.list(query);
    const all = [...this.pets.values()].reverse();
    return all
      .filter((p) => query.status === undefined || p.status === query.status)
      .slice(0, query.limit);
  }
}
