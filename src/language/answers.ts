import { refusedCategoryId, refusedMark } from '../arbitraries/pet-name.ts';
import type { HarnessContext } from '../bridge/context.ts';
import {
  type AnswerContext,
  type AnswersObservation,
  judgeAnswer,
  judgeStray,
  keylessPetProblem,
  nameStem,
  notASizeLimit,
  type Offence,
  offenceLabel,
  type SizedBody,
} from '../checks/every-answer.ts';
import { type Finding, finding } from '../checks/finding.ts';
import { keyRevealedProblem } from '../checks/key-revealed.ts';
import { LimitedWritesTally } from '../checks/limited-writes.ts';
import { isSheddingAnswer } from '../checks/open-limits.ts';
import { RefusedWritesTally } from '../checks/refused-writes.ts';
import { classifyRequest, credentialOf, type RequestClass } from '../checks/request-class.ts';
import { cellsOf, RequestSpaceTally } from '../checks/request-space.ts';
import { INT64 } from '../contract/contract.ts';
import { exactJson, integerText } from '../http/exact.ts';
import { type Exchange, forRecord } from '../http/exchange.ts';
import type { Interceptor } from '../http/interceptor.ts';
import { getPetRemoved } from './lifecycle.ts';

/** The int64 bounds, as getPet's ids are written (noteMissing). */
const BOUNDS = new Set([INT64.max.toString(), INT64.min.toString()]);

/** Enough offences to show a pattern in the evidence; the rest are counted. */
const KEEP = 10;
/** Distinct Link headers of pages kept (their next pages are followed at the end). */
const LINKS = 5;
/** Distinct deprecation notices kept (a server may vary them by answer, or by the hour). */
const NOTICES = 20;

/** Every answer the run received, judged as it came (see EVERY-ANSWER). */
export class AnswerLedger {
  judged = 0;
  outside = 0;
  limited = 0;
  offences = 0;
  readonly first: Offence[] = [];
  /** The request space the run's answered requests covered (report.json coverage.dimensions). */
  readonly space = new RequestSpaceTally();
  /** The refused createPets that carried a marked name, and every pet a read showed. */
  readonly refused: RefusedWritesTally;
  /** The createPets a limit's error answered, and the pets of their names seen later. */
  readonly limitedWrites = new LimitedWritesTally();
  /** listPets pages whose Link header names a next page: the header's value, and the URL asked. */
  readonly links = new Map<string, string>();
  /** getPet answers that carried Sunset or Deprecation, one per distinct pair of values. */
  readonly notices = new Map<string, Exchange>();
  /**
   * Answers of listPets and createPet (any status, any key) that carry Sunset or Deprecation,
   * the first few distinct: getPet alone is deprecated.
   */
  readonly misplacedNotices = new Map<string, Exchange>();
  /** Valid NewPets sent with the key: the largest body a 201 took, the smallest a 413 refused. */
  private taken?: SizedBody;
  private tooLarge?: SizedBody;
  /** Distinct pets any answer showed so far, and those createPet gave the run. */
  private readonly seen = new Set<string>();
  private readonly created = new Set<string>();
  /** The stems of the names of the pets createPet gave the run (nameStem). */
  private readonly stems = new Set<string>();
  /** Ids getPet answered 404 with the key, no createPet having answered them: the first 404. */
  private readonly missing = new Map<string, Exchange>();
  /** Of those, the ids a later getPet found a pet at. */
  private readonly appeared = new Set<string>();

  constructor(
    private readonly ctx: AnswerContext,
    mark: string,
    categoryMark?: bigint,
  ) {
    this.refused = new RefusedWritesTally(mark, categoryMark?.toString());
  }

  /**
   * Judges one exchange against the invariants every answer keeps, and notes the outcome.
   * `waitedOut`: an answer the throttle waited out and sent the request again after (a 429
   * with Retry-After): judged as every answer is, but the request space counts the request once,
   * by the answer it ended with.
   */
  note(ex: Exchange, waitedOut = false): void {
    // Classified once: the class reads the request's body, and both notes need it.
    const c = ex.response ? classifyRequest(ex.request, this.ctx) : undefined;
    // Judged on the pets known before it: a keyless answer's pets are not known from itself.
    const judgement =
      this.keyRevealed(ex) ??
      this.keylessLeak(ex) ??
      (c ? judgeAnswer(ex, this.ctx, c, this.seen) : judgeStray(ex, this.ctx));
    if (c?.operation === 'getPet') {
      this.noteNotice(ex, this.notices);
      this.noteMissing(ex, c);
    }
    // Sunset and Deprecation speak of the resource their URI names (RFC 8594 3, RFC 9745 2),
    // whatever the method that drew them: any answer on getPet's path (a HEAD, an OPTIONS, a
    // 405) tells the same date, and none on the list path may say it is deprecated.
    const resource = c ? undefined : resourceOf(ex, this.ctx.basePath);
    if (resource === 'item') this.noteNotice(ex, this.notices);
    if (c?.operation === 'listPets' || c?.operation === 'createPet' || resource === 'list')
      this.noteNotice(ex, this.misplacedNotices);
    if (c?.operation === 'listPets') this.noteLink(ex);
    if (c?.operation === 'createPet') this.noteSize(ex, c);
    if (c && !waitedOut) {
      this.cover(ex, c);
      this.refused.note(ex, c);
    }
    // A 429 the throttle waited out is a refusal too: its request is sent again.
    if (c) this.limitedWrites.note(ex, c);
    // A service shedding load (503, Retry-After, an Error) that the throttle waited out: a limit
    // of the moment, as a 429 is; the answer the request got after it is judged.
    if (waitedOut && isSheddingAnswer(ex) && (c || judgement)) {
      this.judged++;
      this.limited++;
      return;
    }
    if (!judgement) {
      if (ex.response) this.outside++;
      return;
    }
    this.judged++;
    if (judgement.limited) this.limited++;
    if (judgement.problem === null) return;
    this.offences++;
    const label = waitedOut ? `${judgement.label}, waited out and sent again` : judgement.label;
    if (this.first.length < KEEP)
      this.first.push({ label, problem: judgement.problem, ex: forRecord(ex) });
  }

  /** Any answer carrying the API key to a request that did not carry it (keyRevealedProblem). */
  private keyRevealed(
    ex: Exchange,
  ): { problem: Finding; label: string; limited?: true } | undefined {
    const problem = keyRevealedProblem(ex, this.ctx.apiKey);
    if (!problem) return undefined;
    const credential = credentialOf(ex.request.headers, this.ctx.apiKey);
    return { problem, label: offenceLabel(ex, { credential }) };
  }

  /**
   * Any answer to a request without the right key, whatever it asked and however it was framed,
   * that shows a pet of the store (keylessPetProblem): judged here, since no operation's
   * class describes a request to another path or in HTTP/1.0.
   */
  private keylessLeak(
    ex: Exchange,
  ): { problem: Finding; label: string; limited?: true } | undefined {
    if (!ex.response || ex.response.truncated) return undefined;
    const credential = credentialOf(ex.request.headers, this.ctx.apiKey);
    const problem = keylessPetProblem(ex, credential, this.seen, this.stems);
    return problem ? { problem, label: offenceLabel(ex, { credential }) } : undefined;
  }

  /**
   * A getPet with the key of an int64 bound no createPet answered: a 404 is kept; a pet found
   * there after it, at both bounds, is an offence. Only createPet adds an animal, and it assigns
   * the id: another client's create may land on an id the run read as missing (the next one, read
   * before a create: READ-BEFORE-AFTER), but no store that assigns ids in turn, from either
   * bound, reaches the other one, and a random int64 is neither; a service whose read makes a
   * placeholder for a missing id makes both.
   */
  private noteMissing(ex: Exchange, c: RequestClass): void {
    const id = c.int64Id?.toString();
    if (id === undefined || !BOUNDS.has(id) || c.credential !== 'key' || this.created.has(id))
      return;
    const status = ex.response?.status;
    if (status === 404 && !this.missing.has(id)) this.missing.set(id, forRecord(ex));
    const before = this.missing.get(id);
    if (status !== 200 || !before || this.appeared.has(id)) return;
    this.appeared.add(id);
    if (this.appeared.size !== 2) return;
    this.judged++;
    this.offences++;
    const ids = [...this.appeared].join(' and ');
    const problem = finding(
      'pet-appeared',
      { ids: [...this.appeared] },
      `getPet answered 404 for ids ${ids}, then found a pet at each though no createPet answered either id: reading a missing pet made one (only createPet adds an animal)`,
    );
    if (this.first.length < KEEP)
      this.first.push({ label: offenceLabel(ex, c), problem, ex: forRecord(ex), beside: before });
  }

  /** Keeps the largest valid NewPet a 201 took and the smallest a 413 refused (notASizeLimit). */
  private noteSize(ex: Exchange, c: RequestClass): void {
    const status = ex.response?.status;
    if (c.credential !== 'key' || c.input !== 'valid' || (status !== 201 && status !== 413)) return;
    const bytes = ex.request.bodyLength ?? Buffer.byteLength(ex.request.body ?? '');
    const sized = () => ({ bytes, ex: forRecord(ex), label: offenceLabel(ex, c) });
    if (status === 201 && bytes > (this.taken?.bytes ?? -1)) this.taken = sized();
    if (status === 413 && bytes < (this.tooLarge?.bytes ?? Number.POSITIVE_INFINITY))
      this.tooLarge = sized();
  }

  /** Keeps a page's Link header when it names a next page, the first few distinct ones. */
  private noteLink(ex: Exchange): void {
    const link = ex.response?.status === 200 ? ex.response.headers.link : undefined;
    if (link === undefined || !/\bnext\b/i.test(link) || this.links.size >= LINKS) return;
    if (!this.links.has(link)) this.links.set(link, ex.request.url);
  }

  /** Keeps an answer whose Sunset or Deprecation pair of values is new in `kept`, the first few. */
  private noteNotice(ex: Exchange, kept: Map<string, Exchange>): void {
    const headers = ex.response?.headers ?? {};
    const { sunset, deprecation } = headers;
    if (sunset === undefined && deprecation === undefined) return;
    const key = `${ex.request.method} ${sunset}\u0000${deprecation}`;
    if (kept.size < NOTICES && !kept.has(key)) kept.set(key, forRecord(ex));
  }

  /** Notes the cells of the request space an answered request covered, and the pets it showed. */
  private cover(ex: Exchange, c: RequestClass): void {
    this.space.note(cellsOf(ex, c, this.ctx.apiKey, this.seen.size, this.created));
    const body = exactJson(ex);
    for (const item of Array.isArray(body) ? body : [body]) {
      const id = integerText((item as { id?: unknown } | null)?.id);
      if (id === undefined) continue;
      this.seen.add(id);
      if (c.operation !== 'createPet' || ex.response?.status !== 201) continue;
      this.created.add(id);
      const { name } = item as { name?: unknown };
      const stem = typeof name === 'string' ? nameStem(name) : undefined;
      if (stem) this.stems.add(stem);
    }
  }

  observation(): AnswersObservation {
    const { judged, outside, offences, first, limited } = this;
    const dimensions = this.space.table();
    // Known only once the run is over: a 413 may come before the larger body that was taken.
    const size = notASizeLimit(this.taken, this.tooLarge);
    const all = size ? [size, ...first] : [...first];
    return {
      judged,
      outside,
      limited,
      offences: offences + (size ? 1 : 0),
      first: all,
      dimensions,
    };
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
  const ledger = new AnswerLedger(
    answerContext(ctx),
    refusedMark(ctx.runId),
    refusedCategoryId(ctx.runId),
  );
  for (const ex of ctx.preflightWaitedOut ?? []) ledger.note(ex, true);
  if (ctx.preflight) ledger.note(ctx.preflight);
  for (const ex of ctx.preflightOthers ?? []) ledger.note(ex);
  return ledger;
}

/**
 * Judges every exchange of the run as it comes back, set-up and preflight included. The answers
 * the throttle waits out never come back up to here: they reach the ledger through
 * `waitedOutAnswers`, which the throttle is given.
 */
export function judgingAnswers(ledger: AnswerLedger): Interceptor {
  return (next) => async (options) => {
    const ex = await next(options);
    ledger.note(ex);
    return ex;
  };
}

/** Where the throttle sends the answers it waited out (see throttling): the run's ledger. */
export function waitedOutAnswers(ledger: AnswerLedger): (ex: Exchange) => void {
  return (ex) => ledger.note(ex, true);
}

/** Which of the contract's resources a request's path names: getPet's `<base>/pets/<digits>`, or the list. */
function resourceOf(ex: Exchange, basePath: string): 'item' | 'list' | undefined {
  if (!ex.response || !URL.canParse(ex.request.url)) return undefined;
  const path = new URL(ex.request.url).pathname;
  if (path === `${basePath}/pets`) return 'list';
  const prefix = `${basePath}/pets/`;
  return path.startsWith(prefix) && /^-?\d+$/.test(path.slice(prefix.length)) ? 'item' : undefined;
}
