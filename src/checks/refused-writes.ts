import { plural } from '../base/plural.ts';
import { exactJson, integerText, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { forRecord } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import type { RequestClass } from './request-class.ts';
import { type Check, fail, type Judgement, pass, precondition } from './types.ts';

/** The refusal the contract owes a createPet instead of serving it. */
export type Refusal = 401 | 400;

/**
 * What the contract owes a request instead of serving it: 401 to a createPet without the right
 * key (whatever its body), 400 to one with the key and a body that is no NewPet; undefined for
 * a request the server may serve (the key in another form, input outside the rules: any answer
 * there may be a 201, so its names never mark a refused write).
 */
export function refusalOwed(c: RequestClass): Refusal | undefined {
  if (c.operation !== 'createPet') return undefined;
  if (c.credential === 'none' || c.credential === 'wrong') return 401;
  return c.credential === 'key' && c.input === 'invalid' ? 400 : undefined;
}

/** A refused createPet whose marked name a later answer showed as a pet. */
export interface StoredRefusal {
  owed: Refusal;
  /** Why it was owed the refusal: no key, a wrong key, an invalid body. */
  why: string;
  name: string;
  id?: string;
  refused: Exchange;
  seen: Exchange;
}

/** What the run's answers showed of its refused createPets (RUN-401-NO-EFFECT, RUN-400-NO-EFFECT). */
export interface RefusedWritesObservation {
  /** Refused createPets that carried a marked name, by the refusal owed. */
  refused: Readonly<Record<Refusal, number>>;
  /** Answers of listPets and getPet read (each could have shown a marked pet). */
  reads: number;
  stored: readonly StoredRefusal[];
}

interface Refused {
  owed: Refusal;
  /** Why each request with this name was owed its refusal (no key, a wrong key, ...). */
  whys: Set<string>;
  /** The first of them, shown as evidence. */
  ex: Exchange;
}

/** Strings of a body's top-level members that carry the mark (a name in any spelling). */
function markedValues(sent: Record<string, unknown> | undefined, mark: string): string[] {
  if (!sent) return [];
  return Object.values(sent).filter(
    (v): v is string => typeof v === 'string' && v.startsWith(mark),
  );
}

/** How a pet marked by its categoryId alone (refusedCategoryId) is told in the tally. */
const byCategory = (categoryId: string) => `the categoryId ${categoryId}`;

/** The marks a body or a pet carries: its marked names, and the marked categoryId. */
function marksOf(
  item: Record<string, unknown> | undefined,
  mark: string,
  categoryMark: string | undefined,
): string[] {
  const names = markedValues(item, mark);
  const category = integerText(item?.categoryId);
  return categoryMark !== undefined && category === categoryMark
    ? [...names, byCategory(category)]
    : names;
}

/**
 * Follows the run's createPets that carry a marked name (see refusedMark) and every pet the
 * run's answers show: a marked name in a page or a fetched pet whose createPet was refused is a
 * write the refusal did not undo. A marked name some servable request carried is never judged.
 */
export class RefusedWritesTally {
  private readonly refused = new Map<string, Refused>();
  private readonly servable = new Set<string>();
  private readonly seen = new Map<string, { ex: Exchange; id?: string }>();
  private reads = 0;
  private readonly requests = { 401: 0, 400: 0 };

  /** `categoryMark`: the run's refusedCategoryId, as its decimal text. */
  constructor(
    private readonly mark: string,
    private readonly categoryMark?: string,
  ) {}

  /** Notes one answered exchange of the contract's operations, classified as `c`. */
  note(ex: Exchange, c: RequestClass): void {
    const status = ex.response?.status ?? 0;
    if (c.operation === 'createPet') {
      const names = marksOf(c.sent, this.mark, this.categoryMark);
      if (!names.length) return;
      const owed = refusalOwed(c);
      const refusedNow = owed !== undefined && status >= 400 && status < 500;
      if (refusedNow) this.requests[owed]++;
      for (const name of names) {
        if (owed === undefined) this.servable.add(name);
        else if (refusedNow) {
          const known = this.refused.get(name) ?? { owed, whys: new Set<string>(), ex };
          known.whys.add(whyRefused(c));
          this.refused.set(name, known);
        }
      }
      return;
    }
    if (status !== 200) return;
    this.reads++;
    const body = exactJson(ex);
    for (const item of Array.isArray(body) ? body : [body]) {
      if (typeof item !== 'object' || item === null) continue;
      const pet = item as Record<string, unknown>;
      const name = pet.name;
      const marks = [
        ...(typeof name === 'string' && name.startsWith(this.mark) ? [name] : []),
        ...marksOf({ categoryId: pet.categoryId }, this.mark, this.categoryMark),
      ];
      const id = integerText(pet.id);
      for (const m of marks)
        if (!this.seen.has(m)) this.seen.set(m, { ex, ...(id === undefined ? {} : { id }) });
    }
  }

  observation(): RefusedWritesObservation {
    const refused = { ...this.requests };
    const stored: StoredRefusal[] = [];
    for (const [name, sighting] of this.seen) {
      const r = this.refused.get(name);
      if (!r || this.servable.has(name)) continue;
      stored.push({
        owed: r.owed,
        why: [...r.whys].join(' or '),
        name,
        ...(sighting.id === undefined ? {} : { id: sighting.id }),
        refused: forRecord(r.ex),
        seen: forRecord(sighting.ex),
      });
    }
    return { refused, reads: this.reads, stored };
  }
}

function whyRefused(c: RequestClass): string {
  if (c.credential === 'none') return 'no key';
  if (c.credential === 'wrong') return 'a wrong key';
  return 'an invalid body';
}

/** The method and the path with its query, as a message names the request that showed a pet. */
export function requestLine(ex: Exchange): string {
  const url = new URL(ex.request.url);
  return `${ex.request.method} ${url.pathname}${url.search}`;
}

function judgeRefused(obs: RefusedWritesObservation, owed: Refusal): Judgement {
  const stored = obs.stored.filter((s) => s.owed === owed);
  const [one] = stored;
  if (one) {
    const pet = one.id === undefined ? 'a pet' : `pet ${one.id}`;
    const marked = one.name.startsWith('the categoryId ')
      ? `with ${one.name}`
      : `named ${showValue(one.name)}`;
    const text = `a createPet refused with ${one.refused.response?.status} (${one.why}) created a pet: ${pet} ${marked} shows in ${requestLine(one.seen)}`;
    const more = stored.length > 1 ? ` (${stored.length} refused createPets showed as pets)` : '';
    const problem = finding(
      'refused-write-stored',
      { owed, status: one.refused.response?.status, why: one.why, id: one.id },
      text,
    );
    return fail(problem, [one.refused, one.seen], { after: more });
  }
  const sent = obs.refused[owed];
  if (sent === 0)
    return precondition(`no createPet refused with ${owed} carried a marked name to look for`);
  if (obs.reads === 0) return precondition('no listPets or getPet answer was read to look in');
  return pass(
    `${plural(sent, `createPet refused with ${owed}`, `createPets refused with ${owed}`)}, each with a marked name; none showed in the ${plural(obs.reads, 'answer')} of listPets and getPet the run read`,
  );
}

export const RUN_401_NO_EFFECT: Check<RefusedWritesObservation> = {
  id: 'RUN-401-NO-EFFECT',
  title:
    'A createPet refused with 401 (no key, a wrong key) created nothing: no pet with its marked name shows in any page or pet the run reads (refused createPets are the first writes of the run)',
  operation: 'createPet',
  clause: CLAUSES.auth401,
  level: 'MUST',
  writes: true,
  judge: (obs) => judgeRefused(obs, 401),
};

export const RUN_400_NO_EFFECT: Check<RefusedWritesObservation> = {
  id: 'RUN-400-NO-EFFECT',
  title:
    'A createPet refused with 400 (a body that is no NewPet) created nothing: no pet with its marked name shows in any page or pet the run reads',
  operation: 'createPet',
  clause: CLAUSES.create400,
  level: 'MUST',
  writes: true,
  judge: (obs) => judgeRefused(obs, 400),
};
