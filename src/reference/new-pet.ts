import { INT64, isPetStatus, type PetStatus } from '../contract.ts';

export type NewPetFields = { name: string; categoryId: number; status?: PetStatus };
export type NewPetResult = { ok: true; pet: NewPetFields } | { ok: false; message: string };

// Checked by hand rather than with the harness's schemas, so a mistake in a schema file
// is not shared by the server the harness is proven against.
function isInt64(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  const big = BigInt(value);
  return big >= INT64.min && big <= INT64.max;
}

/** Parses and validates a createPet body (contract: NewPet). */
export function parseNewPet(body: string): NewPetResult {
  if (body.trim() === '') return { ok: false, message: 'The request body is required.' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const fields = value as Record<string, unknown>;
  if (!('name' in fields)) return { ok: false, message: 'name is required.' };
  if (typeof fields.name !== 'string') return { ok: false, message: 'name must be a string.' };
  if (!('categoryId' in fields)) return { ok: false, message: 'categoryId is required.' };
  if (!isInt64(fields.categoryId)) {
    return { ok: false, message: 'categoryId must be an int64 integer.' };
  }
  if ('status' in fields && !isPetStatus(fields.status)) {
    return { ok: false, message: 'status must be one of available, pending, sold.' };
  }
  const pet: NewPetFields = { name: fields.name, categoryId: fields.categoryId };
  if (isPetStatus(fields.status)) pet.status = fields.status;
  return { ok: true, pet };
}
