import type { HarnessContext } from '../bridge/context.ts';
import {
  SENTINEL_KINDS,
  type SentinelKind,
  type SentinelProbe,
  type SentinelsObservation,
} from '../checks/sentinels.ts';
import type { Interceptor, Send } from '../http/interceptor.ts';
import { answerContext } from './answers.ts';

/** One sentinel probe every this many requests of the run. */
export const SENTINEL_EVERY = 50;
/** The records name the probes' sender (exchanges.har `_check`). */
export const SENTINEL_LABEL = 'sentinel';

/**
 * Probes spread over the whole run (RUN-SENTINELS): a server that degrades after N requests
 * or T seconds shows it in the probes that came after. Counted by requests, not time, so the
 * same seed sends the same probes.
 */
export class Sentinels {
  /** Requests the run's checks and set-up have sent (the probes not counted). */
  sent = 0;
  private fired = 0;
  /** How many probes of each kind went: a kind that varies its input takes the next. */
  private readonly turns = new Map<string, number>();
  readonly probes: Promise<SentinelProbe>[] = [];
  private readonly kinds;

  constructor(private readonly ctx: HarnessContext) {
    this.kinds = SENTINEL_KINDS.filter((k) => ctx.writes || !k.writes);
  }

  /** Off under a request budget: which checks the budget reaches must not move. */
  get active(): boolean {
    return this.ctx.limits.maxRequests === undefined && this.kinds.length > 0;
  }

  /** Counts one request, and sends the next probe through `send` when its turn has come. */
  tick(send: Send): void {
    if (!this.active || ++this.sent % SENTINEL_EVERY !== 0) return;
    this.probe(send, this.fired++);
  }

  /** Sends each kind once more, each input of a kind that varies them: the last probes. */
  finalRound(send: Send): void {
    if (!this.active) return;
    for (const kind of this.kinds)
      for (let i = 0; i < (kind.finalTurns ?? 1); i++) this.send(send, kind);
  }

  private probe(send: Send, n: number): void {
    const kind = this.kinds[n % this.kinds.length];
    if (kind) this.send(send, kind);
  }

  private send(send: Send, kind: SentinelKind): void {
    const turn = this.turns.get(kind.id) ?? 0;
    this.turns.set(kind.id, turn + 1);
    const at = this.sent;
    const request = { ...kind.request(this.ctx.runId, turn), check: SENTINEL_LABEL };
    this.probes.push(send(request).then((ex) => ({ kind: kind.id, at, ex })));
  }

  async observation(): Promise<SentinelsObservation> {
    const probes = await Promise.all(this.probes);
    return { every: SENTINEL_EVERY, sent: this.sent, probes, context: answerContext(this.ctx) };
  }
}

/** Counts the run's requests and sends a sentinel probe every SENTINEL_EVERY of them. */
export function sendingSentinels(sentinels: Sentinels): Interceptor {
  return (next) => (options) => {
    sentinels.tick(next);
    return next(options);
  };
}
