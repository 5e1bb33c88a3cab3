import { AUTH_CHECKS } from './auth.ts';
import { CREATE_CHECKS } from './create-pet.ts';
import { GET_CHECKS } from './get-pet.ts';
import { LIST_CHECKS } from './list-pets.ts';
import type { CheckDef } from './types.ts';

/** Every check the harness runs, by stable id. The suites in suites/ run each of them. */
export const CATALOG: readonly CheckDef[] = [
  ...LIST_CHECKS,
  ...CREATE_CHECKS,
  ...GET_CHECKS,
  ...AUTH_CHECKS,
].map(({ id, title, operation, clause, level, writes }) => ({
  id,
  title,
  operation,
  clause,
  level,
  writes,
}));

const BY_ID = new Map(CATALOG.map((c) => [c.id, c]));

export function findCheck(id: string): CheckDef | undefined {
  return BY_ID.get(id);
}
