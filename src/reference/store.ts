import type { PetStatus } from '../contract.ts';

export interface StoredPet {
  id: number;
  name: string;
  categoryId: number;
  status?: PetStatus;
}

export interface ListQuery {
  limit: number;
  status?: PetStatus;
}

/** The animals, in memory, in creation order; ids are assigned once and never reused. */
export class PetStore {
  private readonly pets = new Map<string, StoredPet>();
  private nextId = 1;

  create(fields: Omit<StoredPet, 'id'>): StoredPet {
    const pet: StoredPet = { id: this.nextId++, ...fields };
    this.pets.set(String(pet.id), pet);
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

  /** Looks a pet up by the canonical decimal form of its id. */
  get(id: bigint): StoredPet | undefined {
    return this.pets.get(id.toString());
  }

  get size(): number {
    return this.pets.size;
  }
}
