import type { HarnessContext } from '../bridge/context.ts';
import {
  type AnswerContext,
  type AnswersObservation,
  judgeAnswer,
  type Offence,
} from '../checks/every-answer.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import type { Interceptor } from '../http/interceptor.ts';
import { getPetRemoved } from './lifecycle.ts';

/** Enough offences to show a pattern in the evidence; the rest are counted. */
const KEEP = 10;

/** Every answer the run received, judged as it came (see EVERY-ANSWER). */
export class AnswerLedger {
  judged = 0;
  outside = 0;
  offences = 0;
  readonly first: Offence[] = [];

  constructor(private readonly ctx: AnswerContext) {}

  /** Judges one exchange against the invariants every answer keeps, and notes the outcome. */
  note(ex: Exchange): void {
    const judgement = judgeAnswer(ex, this.ctx);
    if (!judgement) {
      if (ex.response) this.outside++;
      return;
    }
    this.judged++;
    if (judgement.problem === null) return;
    this.offences++;
    if (this.first.length < KEEP)
      this.first.push({ label: judgement.label, problem: judgement.problem, ex: forRecord(ex) });
  }

  observation(): AnswersObservation {
    const { judged, outside, offences, first } = this;
    return { judged, outside, offences, first: [...first] };
  }
}

/** What a run's answers are judged against: its key, where the API lives, the day. */
export function answerContext(ctx: HarnessContext): AnswerContext {
  return {
    apiKey: ctx.apiKey,
    basePath: new URL(ctx.baseUrl).pathname.replace(/\/+$/, ''),
    runHeaders: Object.keys(ctx.connection?.headers ?? {}),
    getPetRemoved: getPetRemoved(ctx) !== undefined,
  };
}

/** The ledger of a run, the preflight's answer judged first. */
export function answerLedger(ctx: HarnessContext): AnswerLedger {
  const ledger = new AnswerLedger(answerContext(ctx));
  if (ctx.preflight) ledger.note(ctx.preflight);
  return ledger;
}

/** Judges every exchange of the run as it comes back, set-up and preflight included. */
export function judgingAnswers(ledger: AnswerLedger): Interceptor {
  return (next) => async (options) => {
    const ex = await next(options);
    ledger.note(ex);
    return ex;
  };
}
