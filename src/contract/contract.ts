/**
 * The numbers, names and dates of the contract (docs/contract.md), in one place.
 * A test proves they agree with the files in `schemas/`.
 */

/** Where the package explains the contract, clause by clause (shipped with it). */
export const CONTRACT_DOC = 'docs/contract.md';

/** Contract version (Versioning, 1). */
export const CONTRACT_VERSION = '1.0.0';

/** Every base address ends in this prefix (What the service does; Versioning, 1). */
export const VERSION_PREFIX = '/v1';

/** Allowed values of PetStatus (Resources and their fields). */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

/** Page size limits of listPets (Limits). */
export const LIMIT = { min: 1, default: 20, max: 100 } as const;

/** getPet is removed on this day (Endpoints, getPet; Versioning, 2). */
export const GET_PET_SUNSET = '2030-12-05';

/** The same day as an instant: the start of the sunset day in UTC. */
export const GET_PET_SUNSET_DATE = new Date(`${GET_PET_SUNSET}T00:00:00Z`);

/** int64 bounds (format int64 of `id` and `categoryId`). */
export const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n } as const;

/** The three operations of the interface (Endpoints). */
export const OPERATIONS = {
  listPets: { method: 'GET', path: '/pets' },
  createPet: { method: 'POST', path: '/pets' },
  getPet: { method: 'GET', path: '/pets/{petId}' },
} as const;
export type OperationName = keyof typeof OPERATIONS;

/** `status` of an Error body repeats the HTTP status (Errors). */
export const ERROR_STATUSES = { badRequest: 400, unauthorized: 401, notFound: 404 } as const;

export function isPetStatus(value: unknown): value is PetStatus {
  return typeof value === 'string' && (PET_STATUSES as readonly string[]).includes(value);
}
