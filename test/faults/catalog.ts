import { createReferenceApp } from '../../src/reference/app.ts';
import { listen, type RunningServer } from '../../src/reference/index.ts';
import { ALONE_FAULTS } from './alone-faults.ts';
import { AT_ONCE_FAULTS } from './at-once-faults.ts';
import { AUTH_FAULTS } from './auth-faults.ts';
import { AUTH_SPELLING_FAULTS } from './auth-spelling-faults.ts';
import { AUTH_SURFACE_FAULTS } from './auth-surface-faults.ts';
import { BYTES_FAULTS } from './bytes-faults.ts';
import { CLIENT_HABIT_FAULTS } from './client-habit-faults.ts';
import { COVERAGE_FAULTS } from './coverage-faults.ts';
import { CREATE_ANSWER_FAULTS } from './create-faults.ts';
import { EFFECT_FAULTS } from './effect-faults.ts';
import { EQUIVALENCE_FAULTS } from './equivalence-faults.ts';
import { ERROR_FAULTS, GET_FAULTS, SUNSET_FAULTS } from './get-faults.ts';
import { HTTP_MUST_FAULTS } from './http-must-faults.ts';
import { CREATE_INVALID_FAULTS } from './invalid-body-faults.ts';
import { KEYLESS_REACH_FAULTS } from './keyless-reach-faults.ts';
import { LIST_FAULTS } from './list-faults.ts';
import { MAGNITUDE_FAULTS } from './magnitude-faults.ts';
import { JSON_TEXT_FAULTS, MEDIA_FAULTS } from './media-faults.ts';
import { METHOD_FAULTS } from './method-faults.ts';
import { NAME_FAULTS } from './name-faults.ts';
import { OVER_TIME_FAULTS } from './over-time-faults.ts';
import { READ_BACK_FAULTS } from './read-back-faults.ts';
import { REQUEST_FORM_FAULTS } from './request-form-faults.ts';
import { SET_UP_FAULTS } from './set-up-faults.ts';
import { TIMELINE_FAULTS } from './timeline-faults.ts';
import { applyTransport } from './transport.ts';
import type { Fault, ServerVariant } from './types.ts';
import { WIRE_FAULTS } from './wire-faults.ts';

export type { Fault, ServerVariant } from './types.ts';

/** Every broken server the harness must catch. */
export const FAULTS: readonly Fault[] = [
  ...LIST_FAULTS,
  ...AUTH_FAULTS,
  ...AUTH_SURFACE_FAULTS,
  ...AUTH_SPELLING_FAULTS,
  ...METHOD_FAULTS,
  ...CREATE_ANSWER_FAULTS,
  ...CREATE_INVALID_FAULTS,
  ...GET_FAULTS,
  ...SUNSET_FAULTS,
  ...ERROR_FAULTS,
  ...COVERAGE_FAULTS,
  ...ALONE_FAULTS,
  ...BYTES_FAULTS,
  ...SET_UP_FAULTS,
  ...NAME_FAULTS,
  ...TIMELINE_FAULTS,
  ...EQUIVALENCE_FAULTS,
  ...REQUEST_FORM_FAULTS,
  ...OVER_TIME_FAULTS,
  ...MAGNITUDE_FAULTS,
  ...HTTP_MUST_FAULTS,
  ...EFFECT_FAULTS,
  ...WIRE_FAULTS,
  ...AT_ONCE_FAULTS,
  ...MEDIA_FAULTS,
  ...JSON_TEXT_FAULTS,
  ...READ_BACK_FAULTS,
  ...CLIENT_HABIT_FAULTS,
  ...KEYLESS_REACH_FAULTS,
];

export function findFault(name: string): Fault {
  const fault = FAULTS.find((f) => f.name === name);
  if (!fault) throw new Error(`no fault named ${name}`);
  return fault;
}

/** Starts a server of the matrix on a free loopback port, its clock set to the variant's day. */
export async function startFault(variant: ServerVariant, apiKey: string): Promise<RunningServer> {
  const clock = variant.today ? () => new Date(`${variant.today}T12:00:00Z`) : () => new Date();
  const reference = (options = {}) => createReferenceApp({ apiKey, clock, ...options });
  const server = await listen(variant.wrap(reference(), { apiKey, clock, reference }), { clock });
  if (variant.listen) applyTransport(server.server, variant.listen, apiKey);
  return server;
}
