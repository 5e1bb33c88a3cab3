import type { PetStatus } from '../contract/contract.ts';

/** A pet as stored: `id` and `categoryId` exact over the whole int64 range. */
export interface StoredPet {
  id: bigint;
  name: string;
  categoryId: bigint;
  status?: PetStatus;
}

export interface ListQuery {
  limit: number;
  status?: PetStatus;
}

/** Hands out ids; the store skips any it has handed out before. */
export type IdSource = () => bigint;

/** 1, 2, 3, ...: the ids the reference assigns unless told otherwise. */
export function countingFrom(first: bigint, step = 1n): IdSource {
  let next = first;
  return () => {
    const id = next;
    next += step;
    return id;
  };
}

/**
 * The animals, in memory, in creation order; ids are assigned once and never reused. The map is
 * open to subclasses: the fault matrix's stores that list in other orders, move statuses on, or
 * stand for another client's updates and deletions (operations the contract does not show).
 */
export class PetStore {
  protected readonly pets = new Map<string, StoredPet>();
  private readonly nextId: IdSource;

  constructor(options: { ids?: IdSource } = {}) {
    this.nextId = options.ids ?? countingFrom(1n);
  }

  create(fields: Omit<StoredPet, 'id'>): StoredPet {
    let id = this.nextId();
    while (this.pets.has(id.toString())) id = this.nextId();
    const pet: StoredPet = { id, ...fields };
    this.pets.set(id.toString(), pet);
    return pet;
  }

  list(query: ListQuery): StoredPet[] {
    const out: StoredPet[] = [];
    for (const pet of this.pets.values()) {
      if (out.length >= query.limit) break;
      if (query.status === undefined || pet.status === query.status) out.push(pet);
    }
    return out;
  }

  /** Looks a pet up by its exact id. */
  get(id: bigint): StoredPet | undefined {
    return this.pets.get(id.toString());
  }

  get size(): number {
    return this.pets.size;
  }
}
