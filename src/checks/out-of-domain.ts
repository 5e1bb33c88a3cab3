import type { Exchange } from '../http/exchange.ts';
import { finding } from './finding.ts';
import { notErrorResponse, type Problem, unsound } from './problems.ts';
import { about, fail, type Judgement, pass, warn, warnOf } from './types.ts';

/**
 * The answer to a request outside the contract's parameter rules (a limit out of range, an
 * unknown status, a petId that is not an int64, unknown query parameters). The contract
 * prescribes no answer there, so every sane one is accepted: 400 or 404 with an Error body
 * passes, another 4xx Error (422, ...) or a 200 the `accepted` rule finds sound only warns.
 * Only 5xx, hangs, malformed bodies and non-Error 4xx bodies fail.
 */
export function judgeOutOfDomain(
  label: string,
  ex: Exchange,
  accepted: (ex: Exchange) => Problem,
): Judgement {
  const broken = unsound(ex);
  if (broken) return fail(broken, [ex], about(label));
  const status = ex.response?.status ?? 0;
  if (status >= 400 && status < 500) {
    const problem = notErrorResponse(ex, status);
    if (problem) return fail(problem, [ex], about(label));
    if (status === 400 || status === 404) return pass(`${label}: ${status} Error`);
    return warnOf(
      `${label}: ${status} Error (the contract names no status here; 400 is usual)`,
      ex,
    );
  }
  if (status === 200) {
    const problem = accepted(ex);
    if (problem) return fail(problem, [ex], about(label));
    return warn(`${label}: accepted with 200 (the contract leaves this unspecified)`, [ex]);
  }
  // A redirect to a canonical form (`/pets/1e3` -> `/pets/1000`) is a sane answer too.
  if (isRedirect(ex)) return warn(`${label}: redirected (${status}) to ${location(ex)}`, [ex]);
  const text = `expected a 4xx Error or 200, got ${status}`;
  return fail(
    finding('status-mismatch', { expected: ['4xx', 200], got: status }, text),
    [ex],
    about(label),
  );
}

const location = (ex: Exchange) => ex.response?.headers.location ?? '';

/** A 3xx that says where to go instead (RFC 9110 15.4: a Location field). */
export function isRedirect(ex: Exchange): boolean {
  const status = ex.response?.status ?? 0;
  return status >= 300 && status < 400 && status !== 304 && location(ex) !== '';
}
