import { RUN_AT_ONCE } from './at-once.ts';
import { AUTH_CHECKS, AUTH_ORDER_CHECKS } from './auth.ts';
import { CREATE_CLIENT_ID } from './client-id.ts';
import { CREATE_CHECKS } from './create-pet.ts';
import { DEPRECATION_CHECKS, DEPRECATION_EVERY_GETPET } from './deprecation.ts';
import { EQUIVALENCE_CHECKS } from './equivalence.ts';
import { ERROR_CHECKS } from './errors.ts';
import { EVERY_ANSWER } from './every-answer.ts';
import { GET_CHECKS } from './get-pet.ts';
import { HTTP_CHECKS } from './http-musts.ts';
import { RUN_LIMIT_NO_EFFECT } from './limited-writes.ts';
import { LIST_CHECKS } from './list-pets.ts';
import { LIST_VALIDATOR_PER_QUERY } from './list-validators.ts';
import { CREATE_MAGNITUDES } from './magnitudes.ts';
import { METHOD_CHECKS } from './methods.ts';
import { RUN_MODEL } from './model.ts';
import { NAME_UNICODE } from './names.ts';
import { LIST_NEXT_LINK } from './next-link.ts';
import { OVER_TIME_CHECKS } from './over-time.ts';
import { PATH_SPELLING_CHECKS } from './path-spellings.ts';
import { RUN_READ_AFTER_WRITE } from './read-after-write.ts';
import { RUN_400_NO_EFFECT, RUN_401_NO_EFFECT } from './refused-writes.ts';
import { ROBUST_CHECKS } from './robustness.ts';
import { RUN_CHECKS } from './run-wide.ts';
import { RUN_SENTINELS } from './sentinels.ts';
import { AUTH_SESSION_COOKIE } from './session.ts';
import type { Check, CheckDef } from './types.ts';
import { VERSIONING_CHECKS } from './versioning.ts';

/** Every check with its judge, in catalog order. Observations differ by check, hence `never`. */
export const CHECKS: readonly Check<never>[] = [
  ...LIST_CHECKS,
  ...CREATE_CHECKS,
  CREATE_CLIENT_ID,
  NAME_UNICODE,
  CREATE_MAGNITUDES,
  ...GET_CHECKS,
  ...OVER_TIME_CHECKS,
  ...AUTH_CHECKS,
  ...AUTH_ORDER_CHECKS,
  AUTH_SESSION_COOKIE,
  ...ERROR_CHECKS,
  ...ROBUST_CHECKS,
  ...VERSIONING_CHECKS,
  ...DEPRECATION_CHECKS,
  ...METHOD_CHECKS,
  ...PATH_SPELLING_CHECKS,
  ...EQUIVALENCE_CHECKS,
  ...HTTP_CHECKS,
  RUN_AT_ONCE,
  ...RUN_CHECKS,
  RUN_MODEL,
  RUN_SENTINELS,
  RUN_401_NO_EFFECT,
  RUN_400_NO_EFFECT,
  RUN_LIMIT_NO_EFFECT,
  RUN_READ_AFTER_WRITE,
  LIST_NEXT_LINK,
  LIST_VALIDATOR_PER_QUERY,
  DEPRECATION_EVERY_GETPET,
  EVERY_ANSWER,
] as readonly Check<never>[];

/** Every check the harness runs, by stable id, without its judge. The suites run each of them. */
export const CATALOG: readonly CheckDef[] = CHECKS.map(
  ({ id, title, operation, clause, level, writes, rfc }) => ({
    id,
    title,
    operation,
    clause,
    level,
    writes,
    ...(rfc ? { rfc } : {}),
  }),
);

const BY_ID = new Map(CATALOG.map((c) => [c.id, c]));

export function findCheck(id: string): CheckDef | undefined {
  return BY_ID.get(id);
}
