import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classOf, loadClassifications, misquotes } from '../../scripts/mutation/classify.ts';
import { sameMutant } from '../../scripts/mutation/mutants.ts';
import { readRun } from '../../scripts/mutation/record.ts';
import { renderMutationDoc, tally } from '../../scripts/mutation/render.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CONTRACT = join(ROOT, '..', 'shared', 'spec', 'petstore-interface.md');
const run = readRun();
const classes = loadClassifications();
const survivors = run?.mutants.filter((m) => m.status === 'survived') ?? [];
const stale = 'stale: run `npm run mutation -- --render` to write it again';

// The full run takes half an hour (npm run mutation); .ci/run judges a sample of it. This file
// holds what it left committed to what it claims.
describe('the last mutation run (docs/mutation.json, docs/mutation.md)', () => {
  it('is committed', () => {
    expect(run, 'no docs/mutation.json: run npm run mutation').toBeDefined();
  });

  it('leaves no survivor unclassified, and none a miss', () => {
    const open = survivors
      .filter((m) => classOf(m, classes)?.class !== 'contract-invisible')
      .filter((m) => classOf(m, classes)?.class !== 'equivalent')
      .map((m) => `${m.file}:${m.line} ${m.mutator} ${m.original} -> ${m.replacement}`);
    expect(open).toEqual([]);
  });

  it('classifies only mutants that survived it (a classification left over is pruned)', () => {
    const unused = classes.filter((c) => !survivors.some((m) => sameMutant(m, c)));
    expect(unused.map((c) => `${c.file} ${c.mutator} ${c.original} -> ${c.replacement}`)).toEqual(
      [],
    );
  });

  it('quotes the contract as written', () => {
    if (!existsSync(CONTRACT)) return;
    expect(misquotes(classes, readFileSync(CONTRACT, 'utf8'))).toEqual([]);
  });

  it('is what docs/mutation.md says, and the README states its score and classes', () => {
    if (!run) return;
    const doc = readFileSync(join(ROOT, 'docs', 'mutation.md'), 'utf8');
    expect(doc, stale).toBe(renderMutationDoc(run, classes));
    const t = tally(run.mutants, classes);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`score ${t.score}%`);
    expect(readme).toContain(
      `${t.survived} survivors: ${t.byClass['contract-invisible']} contract-invisible, ${t.byClass.equivalent} equivalent`,
    );
  });
});
