import { describe, expect, it } from 'vitest';
import { readReport, runCli } from '../support/cli.ts';

describe('verdicts at the edges', () => {
  it('a selection that leaves nothing is inconclusive: exit 2, one line on stderr', async () => {
    const result = await runCli(['run', '--only', 'AUTH', '--skip', 'AUTH']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('inconclusive: no MUST check was judged');
    expect(result.stdout).toMatch(/Inconclusive: no MUST check was judged: 0 passed, 0 failed/);
    expect(result.stdout).not.toMatch(/^Conformant/m);
    expect(readReport(result).verdict).toBe('inconclusive');
  });

  it('--only shows and counts only what it selects: the verdict line says how many it left out', async () => {
    const result = await runCli(['run', '--only', 'AUTH-LIST']);
    expect(result.code).toBe(0);
    const report = readReport(result);
    const selected = report.checks.length;
    expect(report.checks.every((c) => c.id.startsWith('AUTH-LIST'))).toBe(true);
    expect(report.summary).toMatchObject({ total: selected, skipped: 0 });
    const deselected = report.summary.deselected ?? 0;
    expect(deselected).toBeGreaterThan(50);
    // Nothing deselected is listed (vitest and pytest leave them out too).
    expect(result.stdout).not.toContain('not selected');
    expect(result.stdout.match(/^ {2}[✓✗!?E-] /gm)).toHaveLength(selected);
    const line = result.stdout.split('\n').find((l) => l.startsWith('Conformant:')) ?? '';
    expect(line).toContain(
      `${selected} passed, 0 failed, 0 warned, 0 skipped; ${deselected} deselected by --only/--skip`,
    );
    expect(line).not.toContain('clauses not judged');
    expect(result.stdout).toMatch(/Clauses judged: 1 of 19 \(18 deselected\)/);
    expect(report.coverage.deselected).toContain('get200');
  });
});
