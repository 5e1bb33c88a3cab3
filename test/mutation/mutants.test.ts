import { describe, expect, it } from 'vitest';
import {
  type Classification,
  classificationProblems,
  classOf,
  misquotes,
} from '../../scripts/mutation/classify.ts';
import { readMutants, shortText } from '../../scripts/mutation/mutants.ts';
import type { MutantOutcome } from '../../scripts/mutation/outcome.ts';
import { runExitCode } from '../../scripts/mutation/outcome.ts';
import { inSample, sampleProblems } from '../../scripts/mutation/sample.ts';

const SOURCE = [
  'function keyMatches(header) {',
  "  const match = /^Bearer +(\\S+) *$/i.exec(header ?? '');",
  '  return match;',
  '}',
].join('\n');

const at = (line: number, column: number, endLine: number, endColumn: number) => ({
  start: { line, column },
  end: { line: endLine, column: endColumn },
});

/** A Stryker JSON report of one file: a regex mutant (survived) and a block mutant (killed). */
const REPORT = {
  files: {
    'src/reference/app.ts': {
      source: SOURCE,
      mutants: [
        {
          id: '0',
          mutatorName: 'Regex',
          replacement: '/^Bearer +(\\S+) */i',
          status: 'Survived',
          location: at(2, 17, 2, 37),
        },
        {
          id: '1',
          mutatorName: 'BlockStatement',
          replacement: '{}',
          status: 'Killed',
          location: at(1, 29, 4, 2),
        },
        { id: '2', mutatorName: 'BooleanLiteral', status: 'Timeout', location: at(3, 10, 3, 15) },
      ],
    },
  },
};

const day = (exitCode: number, failed: string[] = []) => ({
  day: 'today',
  exitCode,
  failed,
  warned: [],
  skipped: [],
  notJudged: [],
});
const outcome = (mutant: string, ...days: ReturnType<typeof day>[]): MutantOutcome => ({
  mutant,
  days,
});

const BASELINE = outcome('baseline', day(0), day(0));
const OUTCOMES = new Map([
  ['0', outcome('0', day(0), day(0))],
  ['1', outcome('1', day(0), day(1, ['AUTH-LIST-NO-KEY']))],
]);

const byId = (mutants: ReturnType<typeof readMutants>, id: string) => {
  const found = mutants.find((m) => m.id === id);
  if (!found) throw new Error(`no mutant ${id}`);
  return found;
};

describe('the mutants of a Stryker report', () => {
  const mutants = readMutants(REPORT, OUTCOMES, BASELINE);
  const [regex, block, timeout] = ['0', '1', '2'].map((id) => byId(mutants, id));

  it('key each mutant by file, mutator, its source line and the text it replaces', () => {
    expect(regex).toMatchObject({
      id: '0',
      file: 'src/reference/app.ts',
      line: 2,
      mutator: 'Regex',
      in: "const match = /^Bearer +(\\S+) *$/i.exec(header ?? '');",
      original: '/^Bearer +(\\S+) *$/i',
      replacement: '/^Bearer +(\\S+) */i',
      status: 'survived',
    });
    expect(regex?.diff).toEqual({
      before: ["  const match = /^Bearer +(\\S+) *$/i.exec(header ?? '');"],
      after: ["  const match = /^Bearer +(\\S+) */i.exec(header ?? '');"],
    });
  });

  it('read a block as its lines, and the judge’s exit codes as killed, not judged or survived', () => {
    expect(block?.status).toBe('killed');
    expect(block?.original).toBe(shortText(SOURCE.slice(SOURCE.indexOf('{'))));
    expect(block?.diff.after).toEqual(['function keyMatches(header) {}']);
    expect(timeout?.status).toBe('timeout');
    expect(runExitCode(outcome('x', day(0), day(2)))).toBe(2);
    expect(runExitCode(outcome('x', day(2), day(1)))).toBe(1);
  });

  it('set apart a mutant that exits 0 but leaves clauses unjudged the reference has judged', () => {
    const unjudged = {
      ...outcome('0', day(0), day(0)),
      days: [{ ...day(0), notJudged: ['create201'] }, day(0)],
    };
    const [m] = readMutants(
      {
        files: {
          f: { source: SOURCE, mutants: [REPORT.files['src/reference/app.ts'].mutants[0]] },
        },
      } as never,
      new Map([['0', unjudged]]),
      BASELINE,
    );
    expect(m?.status).toBe('not-judged');
    expect(m?.unjudged).toEqual(['today: create201']);
    expect(byId(mutants, '1').killedBy).toEqual(['AUTH-LIST-NO-KEY']);
  });

  it('tell a sample run’s unjudged mutants apart', () => {
    const sampled = readMutants(REPORT, OUTCOMES, BASELINE, (id) => inSample(id, 2));
    expect(['0', '1', '2'].map((id) => byId(sampled, id).status)).toEqual([
      'survived',
      'unsampled',
      'timeout',
    ]);
  });

  it('cut a long text in the middle, whitespace collapsed', () => {
    expect(shortText('a  \n b')).toBe('a b');
    const long = shortText('x'.repeat(100) + 'y'.repeat(100));
    expect(long.length).toBeLessThan(120);
    expect(long).toMatch(/^x+ … y+$/);
  });
});

describe('classifications', () => {
  const regex = byId(readMutants(REPORT, OUTCOMES, BASELINE), '0');
  const classified: Classification = {
    file: regex.file,
    mutator: regex.mutator,
    in: regex.in,
    original: regex.original,
    replacement: regex.replacement,
    class: 'contract-invisible',
    why: 'Trailing text after the key.',
    quote: 'When the key is missing or invalid, the response is 401 with an Error body.',
  };

  it('match a mutant by its key, and not when the code around it changed', () => {
    expect(classOf(regex, [classified])).toBe(classified);
    expect(classOf({ ...regex, in: 'const match = other;' }, [classified])).toBeUndefined();
  });

  it('need a class, a one-line why, a quote when contract-invisible, and no repeats', () => {
    expect(classificationProblems([classified])).toEqual([]);
    const problems = classificationProblems([
      { ...classified, quote: '' },
      { ...classified, class: 'maybe' as never, why: 'two\nlines' },
    ]);
    expect(problems.join('\n')).toMatch(/needs the contract's quote/);
    expect(problems.join('\n')).toMatch(/class must be one of/);
    expect(problems.join('\n')).toMatch(/why must be one line/);
    expect(problems.join('\n')).toMatch(/classified twice/);
  });

  it('hold quotes to the contract’s words, parts joined by [...]', () => {
    const contract =
      'When the key is missing or invalid,\nthe response is 401 with an Error body. More.';
    expect(misquotes([classified], contract)).toEqual([]);
    expect(misquotes([{ ...classified, quote: 'When the key [...] is 403' }], contract)).toEqual([
      'src/reference/app.ts Regex /^Bearer +(\\S+) *$/i: not in the contract: "is 403"',
    ]);
  });

  it('fail a sample on an unclassified survivor, a miss, and a fate that moved', () => {
    const mutants = readMutants(REPORT, OUTCOMES, BASELINE);
    expect(sampleProblems(mutants, [classified], mutants)).toEqual([]);
    expect(sampleProblems(mutants, [], mutants)).toEqual([
      expect.stringMatching(/survived, and is not classified$/),
    ]);
    expect(sampleProblems(mutants, [{ ...classified, class: 'a miss' }], mutants)).toEqual([
      expect.stringMatching(/survived: a miss$/),
    ]);
    const killedNow = mutants.map((m) => ({ ...m, status: 'killed' as const }));
    expect(sampleProblems(killedNow, [classified], mutants)).toEqual([
      expect.stringMatching(/survived in docs\/mutation.json, killed now/),
    ]);
    // A hung server ends as a timeout or as the harness's own exit 2, as the load decides.
    const hung = mutants.map((m) => ({
      ...m,
      status: m.status === 'timeout' ? 'not-judged' : m.status,
    }));
    expect(sampleProblems(hung as typeof mutants, [classified], mutants)).toEqual([]);
  });
});
