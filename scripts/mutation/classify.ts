import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MutantKey, sameMutant } from './mutants.ts';

/**
 * Why a mutant the harness let through may live: `contract-invisible` (it changes only what the
 * contract leaves open: `quote` is the contract's sentence that leaves it so), `equivalent` (no
 * answer changes: `why` says why in one line), or `a miss` (a check should have caught it; none
 * may stay so).
 */
export type MutantClass = 'contract-invisible' | 'equivalent' | 'a miss';

export interface Classification extends MutantKey {
  class: MutantClass;
  why: string;
  /** For contract-invisible: the contract's own words that leave the behaviour open. */
  quote?: string;
}

export const CLASSIFICATIONS_FILE = join(import.meta.dirname, 'classifications.json');

const CLASSES: readonly MutantClass[] = ['contract-invisible', 'equivalent', 'a miss'];

/** The problems of a list of classifications: a bad class, a missing reason or quote, a repeat. */
export function classificationProblems(list: readonly Classification[]): string[] {
  const problems: string[] = [];
  list.forEach((c, i) => {
    const at = `#${i} (${c.file} ${c.mutator} ${c.original} -> ${c.replacement})`;
    if (!CLASSES.includes(c.class))
      problems.push(`${at}: class must be one of ${CLASSES.join(', ')}`);
    if (!c.why?.trim()) problems.push(`${at}: no why`);
    if (c.why?.includes('\n')) problems.push(`${at}: why must be one line`);
    if (c.class === 'contract-invisible' && !c.quote?.trim())
      problems.push(`${at}: contract-invisible needs the contract's quote`);
    if (list.findIndex((d) => sameMutant(c, d)) !== i) problems.push(`${at}: classified twice`);
  });
  return problems;
}

export function loadClassifications(path = CLASSIFICATIONS_FILE): Classification[] {
  const list = JSON.parse(readFileSync(path, 'utf8')) as Classification[];
  const problems = classificationProblems(list);
  if (problems.length) throw new Error(`${path}:\n${problems.join('\n')}`);
  return list;
}

/** The classification of a mutant, if it has one. */
export function classOf(
  mutant: MutantKey,
  list: readonly Classification[],
): Classification | undefined {
  return list.find((c) => sameMutant(c, mutant));
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Quotes that are not the contract's words: every part of a quote (parts joined by ` [...] `)
 * must stand in the contract's text as written, whitespace aside.
 */
export function misquotes(list: readonly Classification[], contract: string): string[] {
  const text = flat(contract);
  return list.flatMap((c) =>
    (c.quote ?? '')
      .split(' [...] ')
      .filter((part) => part.trim() && !text.includes(flat(part)))
      .map((part) => `${c.file} ${c.mutator} ${c.original}: not in the contract: "${part}"`),
  );
}
