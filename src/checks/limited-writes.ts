import { plural } from '../base/plural.ts';
import { exactJson, integerText, showValue } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { forRecord } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { finding } from './finding.ts';
import { requestLine } from './refused-writes.ts';
import type { RequestClass } from './request-class.ts';
import { type Check, fail, pass, precondition } from './types.ts';

/** A createPet refused with a limit's status whose pet a later answer showed. */
export interface StoredLimited {
  name: string;
  id: string;
  refused: Exchange;
  seen: Exchange;
}

/** What the run's answers showed of the createPets a limit refused (RUN-LIMIT-NO-EFFECT). */
export interface LimitedWritesObservation {
  /** Names of createPets with the key and a NewPet, refused with a status of 400 or more. */
  refused: number;
  reads: number;
  stored: readonly StoredLimited[];
}

/** Sightings kept a name: enough to show one, bounded whatever the store holds. */
const SIGHTINGS = 4;

/**
 * Follows the createPets sent with the key and a body within the rules (valid, or with fields the
 * contract does not name) that an error answered: a 413, a 429 or a 503 is a limit the contract
 * leaves open, but one that stored the pet all the same answered "Animal added" with a refusal,
 * and a client that sends it again (as the harness does after a 429) adds it twice. A pet of
 * that name that shows with an id no 201 for that name gave is the refused request's. A name
 * some 201 answered without a readable id is never judged.
 */
export class LimitedWritesTally {
  private readonly refused = new Map<string, Exchange>();
  private readonly given = new Map<string, Set<string>>();
  private readonly unknownIds = new Set<string>();
  private readonly sightings = new Map<string, { id: string; ex: Exchange }[]>();
  private reads = 0;

  /** Notes one answered exchange of the contract's operations, classified as `c`. */
  note(ex: Exchange, c: RequestClass): void {
    const status = ex.response?.status ?? 0;
    if (c.operation === 'createPet') {
      const name = c.sent?.name;
      if (typeof name !== 'string') return;
      // Every pet a 201 gave a name to, whatever the request's form: that id is accounted for.
      if (status >= 200 && status < 300) this.noteGiven(name, exactJson(ex));
      else if (
        status >= 400 &&
        c.credential === 'key' &&
        (c.input === 'valid' || c.input === 'extra')
      )
        if (!this.refused.has(name)) this.refused.set(name, forRecord(ex));
      return;
    }
    if (status !== 200 || this.refused.size === 0) return;
    this.reads++;
    const body = exactJson(ex);
    for (const item of Array.isArray(body) ? body : [body]) this.noteSighting(item, ex);
  }

  private noteGiven(name: string, pet: unknown): void {
    const id = integerText((pet as { id?: unknown } | null)?.id);
    if (id === undefined) this.unknownIds.add(name);
    else this.given.set(name, (this.given.get(name) ?? new Set()).add(id));
  }

  private noteSighting(item: unknown, ex: Exchange): void {
    if (typeof item !== 'object' || item === null) return;
    const { name, id: rawId } = item as { name?: unknown; id?: unknown };
    const id = integerText(rawId);
    if (typeof name !== 'string' || id === undefined || !this.refused.has(name)) return;
    const seen = this.sightings.get(name) ?? [];
    if (seen.length < SIGHTINGS && !seen.some((s) => s.id === id))
      seen.push({ id, ex: forRecord(ex) });
    this.sightings.set(name, seen);
  }

  observation(): LimitedWritesObservation {
    const stored: StoredLimited[] = [];
    for (const [name, seen] of this.sightings) {
      const refused = this.refused.get(name);
      if (!refused || this.unknownIds.has(name)) continue;
      const given = this.given.get(name) ?? new Set<string>();
      const other = seen.find((s) => !given.has(s.id));
      if (other) stored.push({ name, id: other.id, refused, seen: other.ex });
    }
    return { refused: this.refused.size, reads: this.reads, stored };
  }
}

export const RUN_LIMIT_NO_EFFECT: Check<LimitedWritesObservation> = {
  id: 'RUN-LIMIT-NO-EFFECT',
  title:
    'A createPet with the key and a NewPet that an error answered (413, 429, 503: limits the contract leaves open) created nothing: no pet of its name shows in a page or pet the run reads with an id no 201 for that name gave',
  operation: 'createPet',
  clause: CLAUSES.create201,
  level: 'MUST',
  writes: true,
  judge: (obs) => {
    const [one] = obs.stored;
    if (one) {
      const status = one.refused.response?.status;
      const text = `a createPet answered ${status} created a pet all the same: pet ${one.id} named ${showValue(one.name)} shows in ${requestLine(one.seen)}, an id no 201 for that name gave (an animal added is owed 201 with its id; a client that sends it again adds it twice)`;
      const more = obs.stored.length > 1 ? ` (${obs.stored.length} such createPets)` : '';
      const problem = finding('limited-write-stored', { status, id: one.id }, text);
      // The limit's answer is the evidence, not an excuse: it is the refusal that was false.
      return fail(problem, [one.refused, one.seen], { after: more, limitIsTheFault: true });
    }
    if (obs.refused === 0)
      return precondition('no createPet with the key and a NewPet was answered with an error');
    if (obs.reads === 0)
      return precondition('no listPets or getPet answer was read to look in after the refusals');
    return pass(
      `${plural(obs.refused, 'createPet answered with an error', 'createPets answered with an error')}; none of their names showed with an id no 201 gave, in the ${plural(obs.reads, 'answer')} of listPets and getPet read after`,
    );
  },
};
