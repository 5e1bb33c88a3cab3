import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../faults/variants.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** The contract as the team shares it, beside the repository (absent on a clean clone). */
const SHARED_SPEC = join(ROOT, '..', 'shared', 'spec', 'petstore-interface.md');
/** The copy kept in the repository, so CI checks the docs without the shared folder. */
const SPEC_COPY = join(ROOT, 'docs', 'spec', 'petstore-interface.md');
const CONTRACT_DOC = join(ROOT, 'docs', 'contract.md');

/**
 * The sentences of a Markdown text that say "not shown": each line without its list marker,
 * cut after every full stop that ends a sentence.
 */
function notShownSentences(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => line.replace(/^\s*(?:\d+\.|[-*])\s+/, '').trim())
    .flatMap((line) => line.split(/(?<=\.)\s+(?=[A-Z`])/))
    .filter((sentence) => sentence.includes('not shown'));
}

describe('every freedom the contract leaves is quoted in docs/contract.md', () => {
  const copy = readFileSync(SPEC_COPY, 'utf8');

  it.skipIf(!existsSync(SHARED_SPEC))(
    'docs/spec/petstore-interface.md is the shared contract, byte for byte (skipped where ../shared/spec is absent, e.g. a clean clone in CI)',
    () => {
      const shared = readFileSync(SHARED_SPEC, 'utf8');
      expect(copy === shared, 'the contract changed: copy it to docs/spec/ and read it again').toBe(
        true,
      );
    },
  );

  it('the contract has its twelve "not shown" sentences', () => {
    expect(notShownSentences(copy)).toHaveLength(12);
  });

  it.each(notShownSentences(copy).map((s) => [s]))('quotes: %s', (sentence) => {
    const doc = readFileSync(CONTRACT_DOC, 'utf8');
    expect(doc).toContain(`> ${sentence}\n`);
  });

  it('says, under each quote, what a conformant service may do and what the harness accepts', () => {
    const doc = readFileSync(CONTRACT_DOC, 'utf8');
    const freedoms = doc.split(/^#### /m).slice(1);
    expect(freedoms).toHaveLength(12);
    for (const freedom of freedoms) {
      const title = freedom.split('\n')[0];
      expect(freedom, title).toMatch(/^- A conformant service may: /m);
      expect(freedom, title).toMatch(/^- The harness accepts: /m);
      expect(freedom, title).toMatch(/^- Conformant variants?: /m);
      const line = /^- Conformant variants?: (.*)$/m.exec(freedom)?.[1] ?? '';
      for (const [, name] of line.matchAll(/`([a-z0-9-]+)`/g))
        expect(
          VARIANTS.map((v) => v.name),
          `${title}: ${name}`,
        ).toContain(name);
    }
  });
});
