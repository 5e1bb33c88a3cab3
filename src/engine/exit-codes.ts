import type { RunVerdict } from '../report/model.ts';

/** Exit codes: 0 conformant, 1 a MUST check failed, 2 the harness could not run or judged nothing. */
export const EXIT_CODES: Readonly<Record<RunVerdict, number>> = {
  conformant: 0,
  'non-conformant': 1,
  inconclusive: 2,
  error: 2,
};

/** The exit code of a harness error (bad input, unreachable target). */
export const HARNESS_ERROR_EXIT = 2;
