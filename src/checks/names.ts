import { codePoints } from '../arbitraries/unicode-categories.ts';
import { plural } from '../base/plural.ts';
import { exactJson, exactPetId, integerText } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type Finding, finding } from './finding.ts';
import { limitCode, openLimitAnswer } from './open-limits.ts';
import { notSuccess } from './problems.ts';
import {
  about,
  type Check,
  fail,
  type Judgement,
  pass,
  precondition,
  unjudged,
  warn,
} from './types.ts';

/** A name of one kind of characters: what createPet, getPet and the pages that hold it answered. */
export interface NameObservation {
  kind: string;
  label: string;
  name: string;
  created: Exchange;
  fetched?: Exchange;
  /** listPets pages taken once every name was created; judged for the pets they hold. */
  pages: readonly Exchange[];
  /**
   * When getPet or a page showed the name changed: the same name created again and read at once
   * (another client may have changed the first pet; a service that changes names does it again),
   * with a twin of its own when it too read changed (at most two in all).
   */
  twin?: NameObservation;
}

/** True when one of the chain of twins read its name back exactly. */
const someTwinReadsBack = (twin: NameObservation): boolean =>
  !judgeName(twin).problem || (twin.twin !== undefined && someTwinReadsBack(twin.twin));

/** Where two names part, by code point: what was sent from there, and what came back. */
export function nameDifference(sent: string, got: unknown): Finding | undefined {
  if (got === sent) return undefined;
  if (typeof got !== 'string')
    return finding('name-changed', { got: typeof got }, `name came back as ${typeof got}`);
  const a = [...sent];
  const b = [...got];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (chars: string[]) => codePoints(chars.slice(i, i + 4).join('')) || 'nothing';
  const text = `name differs from code point ${i} on: sent ${around(a)}, got ${around(b)} (${a.length} code points sent, ${b.length} back)`;
  return finding('name-changed', { at: i, sent: a.length, got: b.length }, text);
}

const nameOf = (body: unknown) => (body as { name?: unknown } | undefined)?.name;

/** The first problem of one name's answers, the request that showed it, and pages that held it. */
export function judgeName(o: NameObservation): {
  problem?: Finding;
  ex?: Exchange;
  listed: number;
} {
  const created = notSuccess(o.created, 201, 'pet', 'Pet');
  if (created) return { problem: created, ex: o.created, listed: 0 };
  const echoed = nameDifference(o.name, nameOf(exactJson(o.created)));
  if (echoed) return { problem: echoed, ex: o.created, listed: 0 };
  if (o.fetched && !openLimitAnswer([o.fetched])) {
    const problem =
      notSuccess(o.fetched, 200, 'pet', 'Pet') ??
      nameDifference(o.name, nameOf(exactJson(o.fetched)));
    if (problem) return { problem, ex: o.fetched, listed: 0 };
  }
  const id = exactPetId(o.created);
  let listed = 0;
  for (const page of o.pages) {
    const items = exactJson(page);
    if (page.response?.status !== 200 || !Array.isArray(items)) continue;
    const item = items.find((p) => integerText((p as { id?: unknown }).id) === id);
    if (item === undefined) continue;
    listed++;
    const problem = nameDifference(o.name, nameOf(item));
    if (problem) return { problem, ex: page, listed };
  }
  return { listed };
}

export const NAME_UNICODE: Check<NameObservation[]> = {
  id: 'NAME-UNICODE',
  title:
    'Names holding every Unicode general category (format characters, line and paragraph separators, private use, marks), noncharacters, astral code points and emoji sequences come back exactly from createPet, getPet and listPets',
  operation: 'all',
  clause: CLAUSES.petFields,
  level: 'MUST',
  writes: true,
  judge: (observations): Judgement => {
    if (observations.length === 0) return precondition('no name was sent');
    const limited = openLimitAnswer(observations.map((o) => o.created));
    if (limited)
      return unjudged(limitCode(limited), 'createPet met a limit the contract leaves open', [
        limited,
      ]);
    let listed = 0;
    const changed: string[] = [];
    for (const o of observations) {
      const judged = judgeName(o);
      const label = `the name with ${o.label} (${o.kind})`;
      // createPet's own answer no other client can touch; a later read, another client could.
      const later = judged.ex !== o.created;
      if (judged.problem && judged.ex && later && o.twin && someTwinReadsBack(o.twin)) {
        changed.push(`${label}: ${judged.problem}`);
        continue;
      }
      const shown = o.twin && later ? judgeName(o.twin) : judged;
      if (shown.problem && shown.ex) return fail(shown.problem, [shown.ex], about(label));
      listed += judged.listed ? 1 : 0;
    }
    const fetched = observations.some((o) => o.fetched) ? ', getPet' : '';
    const passed = `${plural(observations.length, 'name')} came back exactly from createPet${fetched}, and ${listed} of them from the listPets pages that held them`;
    if (changed.length)
      return warn(
        `${passed}, but ${plural(changed.length, 'name')} read changed later, while the same name sent again came back exactly (the store may be shared: another client may change or delete pets): ${changed.slice(0, 3).join('; ')}`,
      );
    return pass(passed);
  },
};
