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

  it('a narrow selection names the clauses it left unjudged on the verdict line', async () => {
    const result = await runCli(['run', '--only', 'AUTH-LIST']);
    expect(result.code).toBe(0);
    const line = result.stdout.split('\n').find((l) => l.startsWith('Conformant:')) ?? '';
    expect(line).toMatch(/; clauses not judged: .*get200/);
    expect(line).not.toContain('auth401');
    expect(readReport(result).verdict).toBe('conformant');
  });
});
