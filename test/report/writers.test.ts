import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../../src/checks/clauses.ts';
import { type Har, renderHar } from '../../src/report/har.ts';
import { renderJunit } from '../../src/report/junit.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';
import { runVerdict } from '../../src/report/model.ts';
import { writeReports } from '../../src/report/write.ts';
import { exchange } from '../support/exchanges.ts';
import { report, sharedCause, summary } from '../support/report-fixture.ts';
import { tempDir } from '../support/temp.ts';

describe('report writers', () => {
  it('clause coverage counts only clauses a check judged', () => {
    expect(report.coverage.clauses).toBe(Object.keys(CLAUSES).length);
    expect(report.coverage.judged).toBe(2);
    expect(report.coverage.notJudged).toContain('get200');
    expect(report.coverage.notJudged).not.toContain('auth401');
  });

  it('summarize and verdict', () => {
    expect(summary).toEqual({
      total: 3,
      passed: 1,
      failed: 1,
      warned: 0,
      skipped: 1,
      unjudged: 0,
      errors: 0,
    });
    expect(report.verdict).toBe('non-conformant');
    expect(runVerdict(report.checks, ['boom'])).toBe('error');
  });

  it('a run that judged no MUST check is inconclusive, whatever its SHOULD checks did', () => {
    const must = { level: 'MUST' as const };
    const should = { level: 'SHOULD' as const };
    expect(runVerdict([{ ...must, verdict: 'skip' }], [])).toBe('inconclusive');
    expect(runVerdict([], [])).toBe('inconclusive');
    expect(
      runVerdict(
        [
          { ...must, verdict: 'skip' },
          { ...should, verdict: 'pass' },
        ],
        [],
      ),
    ).toBe('inconclusive');
    expect(runVerdict([{ ...must, verdict: 'pass' }], [])).toBe('conformant');
    expect(runVerdict([{ ...must, verdict: 'warn' }], [])).toBe('conformant');
    const inconclusive = { ...report, verdict: 'inconclusive' as const };
    expect(renderMarkdown(inconclusive)).toContain('Inconclusive: no MUST check was judged');
  });

  it('junit: one escaped test case per check, the failure carrying clause and evidence', () => {
    const xml = renderJunit(report);
    expect(xml).toContain(
      '<testsuites name="petstore-conformance" tests="3" failures="1" errors="0" skipped="1"',
    );
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<failure message="expected 401, got 200" type="MUST">');
    expect(xml).toContain('Authentication, 1-3');
    expect(xml).toContain('&lt;&amp;&gt; &quot;quoted&quot;');
    expect(xml).toContain('<skipped message="precondition failed"/>');
    expect(xml).not.toMatch(/<(?![?/a-z])/);
  });

  it('markdown: verdict, counts, failures with a curl line', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('# Petstore conformance: ❌ Not conformant');
    expect(md).toContain('| 3 | 1 | 1 | 0 | 1 |');
    expect(md).toContain('| listPets | 2 | — | 1.5 | 4 |');
    expect(md).toContain('3 requests, 1 pet created');
    expect(md).toContain(
      'getPet sunset 2030-12-05: 1474 days left (today 2026-11-22, from the local clock)',
    );
    expect(md).toContain('`AUTH-LIST-NO-KEY`: `curl -sS -i -X GET');
  });

  it('markdown: a cause many failures share is said once, before the list', () => {
    const md = renderMarkdown(sharedCause);
    const line = '- 3 checks: `Error.status is 0, HTTP status is 401`';
    expect(md).toContain(`## Failures\n\nCommon causes (one fix each):\n\n${line}\n`);
    expect(md.indexOf(line)).toBeLessThan(md.indexOf('| Check | Verdict |'));
    expect(renderMarkdown(report)).not.toContain('Common causes');
    // A cause quotes what the target sent: inert in a code span, as the messages are.
    const hostile = {
      ...sharedCause,
      checks: sharedCause.checks.map((c) => ({ ...c, message: `${c.id}: <img src=x>` })),
    };
    expect(renderMarkdown(hostile)).toContain('- 3 checks: `<img src=x>`\n');
  });

  it('429s waited out: counted in report.json, said in summary.md, and not when there were none', async () => {
    const waited = { ...report, tooManyRequests: { waitedOut: 3, waitedMs: 4200 } };
    const dir = tempDir('pc-report-');
    await writeReports(waited, dir);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(json.tooManyRequests).toEqual({ waitedOut: 3, waitedMs: 4200 });
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain(
      'Rate limited: 3 answers 429 or 503 waited out (Retry-After), 4.2 s spent waiting',
    );
    const none = { ...report, tooManyRequests: { waitedOut: 0, waitedMs: 0 } };
    expect(renderMarkdown(none)).not.toContain('Rate limited');
  });

  it('writes every format from the one model', async () => {
    const dir = tempDir('pc-report-');
    const files = await writeReports(report, dir);
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
      'report.json',
      'junit.xml',
      'summary.md',
      'report.html',
      'exchanges.har',
      'metrics.prom',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toEqual(report);
  });

  it('exchanges.har: each entry names the check that sent it, and the status text', () => {
    const sent = (check: string | undefined, answer: Parameters<typeof exchange>[0]) => ({
      ...exchange(answer),
      ...(check === undefined ? {} : { check }),
    });
    const har = JSON.parse(
      renderHar(report, [
        sent('preflight', { status: 200, json: [] }),
        sent('AUTH-LIST-NO-KEY', { status: 401, json: { code: 'c', message: 'm', status: 401 } }),
        sent('seed', { status: 299, json: {} }),
        sent(undefined, { error: 'no answer within 5 ms' }),
      ]),
    ) as Har;
    expect(har.log.entries.map((e) => [e._check, e.response.statusText])).toEqual([
      ['preflight', 'OK'],
      ['AUTH-LIST-NO-KEY', 'Unauthorized'],
      ['seed', ''],
      [undefined, 'no answer within 5 ms'],
    ]);
  });
});
