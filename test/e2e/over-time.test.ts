import { afterAll, describe, expect, it } from 'vitest';
import { findFault, startFault } from '../faults/catalog.ts';
import { findVariant } from '../faults/variants.ts';
import { readReport, runCli } from '../support/cli.ts';

const KEY = 'Tq4vW9xR2mN7pL5kJ8hG';
const CHECKS = 'READ-,CREATE-SAME-TWICE,CREATE-MAGNITUDES,ROBUST-';

// Answers that agree over time, and values of every order of magnitude (issue 28, parts 3-4).
describe('answers over time and sizes across magnitudes, through the CLI', async () => {
  const servers = {
    negativeCache: await startFault(findFault('get-404-cached'), KEY),
    cutNames: await startFault(findFault('names-cut-at-65535'), KEY),
    bodyLimit: await startFault(findVariant('body-limit-413'), KEY),
  };
  afterAll(() => Promise.all(Object.values(servers).map((s) => s.close())));
  const run = (baseUrl: string) =>
    runCli(['run', '--base-url', baseUrl, '--profile', 'ci', '--only', CHECKS], {
      env: { PETSTORE_API_KEY: KEY },
    });
  const verdictOf = (result: Awaited<ReturnType<typeof run>>, id: string) =>
    readReport(result).checks.find((c) => c.id === id);

  it('the reference: exit 0, every size echoed and every repeated answer agreeing', async () => {
    const result = await runCli(['run', '--profile', 'ci', '--only', CHECKS]);
    expect(result.code).toBe(0);
    // Seven magnitudes of letters and of whitespace, six of wide names, five of astral names and
    // of escapes: as many as fit one page together (magnitudePlan). Every pet is read back. The
    // whitespace one past the cap (10^7) meets the reference's own body size limit (1 MiB).
    expect(verdictOf(result, 'CREATE-MAGNITUDES')?.message).toBe(
      '30 sizes, each echoed exactly and read back as created; 1 refused with 413 (a limit the contract leaves open)',
    );
  });

  it('a getPet that remembers a 404: exit 1, READ-BEFORE-AFTER', async () => {
    const result = await run(servers.negativeCache.baseUrl);
    expect(verdictOf(result, 'READ-BEFORE-AFTER')?.verdict).toBe('fail');
    expect(result.code).toBe(1);
  });

  it('names cut at 65535 characters: exit 1, CREATE-MAGNITUDES names the size', async () => {
    const result = await run(servers.cutNames.baseUrl);
    const check = verdictOf(result, 'CREATE-MAGNITUDES');
    expect(check?.verdict).toBe('fail');
    expect(check?.message).toContain('a name of 100000 characters');
    expect(result.code).toBe(1);
  });

  it('a body size limit of 2 KiB: exit 0, the larger sizes not judged', async () => {
    const result = await run(servers.bodyLimit.baseUrl);
    expect(verdictOf(result, 'CREATE-MAGNITUDES')?.message).toContain('refused with 413');
    expect(result.code).toBe(0);
  });
});
