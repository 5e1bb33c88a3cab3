import type { HarnessContext } from '../bridge/context.ts';
import { isAfterSunset } from '../checks/versioning.ts';
import { GET_PET_SUNSET } from '../contract/contract.ts';

/** Why a check that needs getPet cannot run today, or undefined while getPet exists. */
export function getPetRemoved(ctx: HarnessContext): string | undefined {
  return isAfterSunset(ctx.today)
    ? `getPet is removed from ${GET_PET_SUNSET} and today is ${ctx.today}`
    : undefined;
}
