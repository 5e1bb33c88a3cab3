import { GET_PET_SUNSET_DATE } from '../contract/contract.ts';
import { errorResponse } from './errors.ts';
import type { AppResponse, Clock } from './types.ts';

/** When the reference server says getPet was deprecated: any day before the sunset would do. */
export const REFERENCE_DEPRECATED_AT = new Date('2025-12-05T00:00:00Z');

/** RFC 8594 `Sunset` and RFC 9745 `Deprecation` headers for getPet. */
export function deprecationHeaders(): Record<string, string> {
  return {
    sunset: GET_PET_SUNSET_DATE.toUTCString(),
    deprecation: `@${Math.floor(REFERENCE_DEPRECATED_AT.getTime() / 1000)}`,
    link: '<https://petstore.example/docs/deprecations#get-pet>; rel="sunset"',
  };
}

/** True from the sunset day on: getPet is removed (Versioning, 2). */
export function getPetIsGone(clock: Clock): boolean {
  return clock().getTime() >= GET_PET_SUNSET_DATE.getTime();
}

export function gone(): AppResponse {
  return errorResponse(410, 'gone', 'GET /pets/{petId} was removed on 2030-12-05; use GET /pets.', {
    sunset: GET_PET_SUNSET_DATE.toUTCString(),
  });
}
