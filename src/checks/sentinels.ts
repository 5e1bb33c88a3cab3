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
  /** The request of this kind's `turn`-th probe (0, 1, ...): a kind may vary its input. */
  request(runId: string, turn: number): SendOptions;
  /** How many probes of this kind the final round sends (default 1): each of its inputs once. */
  finalTurns?: number;
}

/**
 * One invalid NewPet of each class (the createPet 400 checks' classes): a validator that stops
 * checking one class late in a run shows it in the probe of that class that comes after.
 */
const INVALID_BODIES: readonly { json?: unknown; rawBody?: string }[] = [
  { json: {} },
  { json: { name: 'pc-sentinel' } },
  { json: { categoryId: 1 } },
  { json: { name: 7, categoryId: 1 } },
  { json: { name: 'pc-sentinel', categoryId: '1' } },
  { json: { name: 'pc-sentinel', categoryId: 1, status: 'unknown' } },
  { json: { name: 'pc-sentinel', categoryId: 1, status: 'Sold' } },
  { json: { name: 'pc-sentinel', categoryId: 1, status: 3 } },
  { json: { name: null, categoryId: 1 } },
  { json: { name: 'pc-sentinel', categoryId: null } },
  { json: { name: 'pc-sentinel', categoryId: 1, status: null } },
  { rawBody: '{"name":"pc-sentinel","categoryId":1.5}' },
  { rawBody: '{"name":"pc-sentinel","categoryId":9223372036854775808}' },
  { json: [{ name: 'pc-sentinel', categoryId: 1 }] },
  { json: 'pc-sentinel' },
  { rawBody: '{"name":"pc-sentinel",' },
  { rawBody: '' },
];

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
    request: (runId, turn) => {
      const body = INVALID_BODIES[turn % INVALID_BODIES.length] ?? {};
      // The run's mark in every name that is a string, so the store shows whose it is if kept.
      const json = body.json === undefined ? undefined : marked(body.json, refusedName(runId, 's'));
      return { method: 'POST', path: '/pets', ...body, ...(json === undefined ? {} : { json }) };
    },
    finalTurns: INVALID_BODIES.length,
  },
  { id: 'get-not-int64', writes: false, request: () => ({ method: 'GET', path: '/pets/abc' }) },
];

/** `json` with the name `pc-sentinel` (at any depth of one array) written `name`. */
function marked(json: unknown, name: string): unknown {
  if (Array.isArray(json)) return json.map((item) => marked(item, name));
  if (json === null || typeof json !== 'object') return json;
  const fields = json as Record<string, unknown>;
  return fields.name === 'pc-sentinel' ? { ...fields, name } : fields;
}

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
