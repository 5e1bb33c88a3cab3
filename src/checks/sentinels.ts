import { refusedName } from '../arbitraries/pet-name.ts';
import { plural } from '../base/plural.ts';
import type { SendOptions } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type AnswerContext, judgeAnswer } from './every-answer.ts';
import { about, type Check, fail, type Judgement, pass, precondition, unjudged } from './types.ts';

/** One kind of sentinel probe: a request whose answer the contract fixes, whenever it is sent. */
export interface SentinelKind {
  id: string;
  writes: boolean;
  request(runId: string): SendOptions;
}

/**
 * The probes spread over the run: the key (none, a wrong one), a limit (1, and one outside the
 * rules), the Error shape (an invalid body, a petId that is no int64). Each is judged by the one
 * judge of every answer, so what it owes follows from the request alone.
 */
export const SENTINEL_KINDS: readonly SentinelKind[] = [
  {
    id: 'list-no-key',
    writes: false,
    request: () => ({ method: 'GET', path: '/pets', auth: 'none' }),
  },
  {
    id: 'list-limit-1',
    writes: false,
    request: () => ({ method: 'GET', path: '/pets', query: { limit: 1 } }),
  },
  {
    id: 'create-no-key',
    writes: true,
    request: (runId) => ({
      method: 'POST',
      path: '/pets',
      json: { name: refusedName(runId, 'sentinel'), categoryId: 1 },
      auth: 'none',
    }),
  },
  {
    id: 'list-wrong-key',
    writes: false,
    request: () => ({
      method: 'GET',
      path: '/pets',
      query: { limit: 5 },
      auth: { authorization: 'Bearer pc-sentinel-wrong-key' },
    }),
  },
  {
    id: 'list-limit-0',
    writes: false,
    request: () => ({ method: 'GET', path: '/pets', query: { limit: 0 } }),
  },
  {
    id: 'create-invalid',
    writes: true,
    request: () => ({ method: 'POST', path: '/pets', json: {} }),
  },
  { id: 'get-not-int64', writes: false, request: () => ({ method: 'GET', path: '/pets/abc' }) },
];

/** One probe: its kind, how many requests the run had sent when it went, and its exchange. */
export interface SentinelProbe {
  kind: string;
  at: number;
  ex: Exchange;
}

/** The probes of a run, how often they went, and what their answers are judged against. */
export interface SentinelsObservation {
  every: number;
  sent: number;
  probes: readonly SentinelProbe[];
  context: AnswerContext;
}

/** The first probe whose answer is not what the contract owes, judged as every answer is. */
function firstWrong(obs: SentinelsObservation): Judgement | undefined {
  for (const probe of obs.probes) {
    const judged = judgeAnswer(probe.ex, obs.context);
    if (judged?.problem) {
      const label = `sentinel ${probe.kind} after ${probe.at} requests, ${judged.label}`;
      return fail(judged.problem, [probe.ex], about(label));
    }
  }
  return undefined;
}

export const RUN_SENTINELS: Check<SentinelsObservation> = {
  id: 'RUN-SENTINELS',
  title:
    'Sentinel probes spread over the whole run (no key, a wrong key, limit 1, a limit outside the rules, an invalid body, a petId that is no int64) are answered as the contract says every time, not only early in the run',
  operation: 'all',
  clause: CLAUSES.responses,
  level: 'MUST',
  writes: false,
  judge: (obs) => {
    const wrong = firstWrong(obs);
    if (wrong) return wrong;
    const judged = obs.probes.map((p) => judgeAnswer(p.ex, obs.context)).filter((j) => j);
    const answered = judged.filter((j) => !j?.limited).length;
    if (answered === 0 && judged.length > 0) {
      const why = 'every sentinel probe met a 413 or 429 Error: limits the contract leaves open';
      return unjudged('open-limit', why);
    }
    if (answered === 0) return precondition('no sentinel probe was answered');
    const last = Math.max(...obs.probes.map((p) => p.at));
    return pass(
      `${plural(answered, 'sentinel probe')} (one every ${obs.every} requests, the last after ${last} of ${obs.sent}), each answered as the contract says`,
    );
  },
};
