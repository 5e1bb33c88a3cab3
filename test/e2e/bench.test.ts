import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED_BIN } from '../support/compiled.ts';
import { tempDir } from '../support/temp.ts';

const ROOT = join(import.meta.dirname, '..', '..');

// The bench is not a timed test: this only proves it runs and writes what it promises. It runs
// `ci` four times (then 0 and 5 ms away, then once behind a proxy of a known capacity), the
// floor once, and times the host twice: on a
// loaded machine that took over a minute, so the test waits as long as the child may run.
describe('npm run bench', () => {
  it('measures a profile, the floor and a remote target, and writes results.json', () => {
    const out = join(tempDir('pc-bench-test-'), 'results.json');
    const result = spawnSync(
      process.execPath,
      [
        ...['--import', 'tsx', 'bench/bench.ts', '--repeat', '1', '--profiles', 'ci'],
        ...['--remote', 'ci', '--delays', '0,5', '--capacity', '4:2', '--out', out],
        // The tests' compiled build (test/support/compiled.ts): tsx in every timed run cost
        // a third of this test's CPU.
        ...['--bin', COMPILED_BIN],
      ],
      // A part of ci in every run (PETSTORE_ONLY reaches each child): the bench's plumbing is
      // what this proves, not its figures, at a fifth of the CPU of whole runs.
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 180_000,
        env: { ...process.env, PETSTORE_ONLY: 'LIST-,CREATE-201' },
      },
    );
    expect(result.stderr).not.toMatch(/bench: (?!ci (run|at \d+ ms|at \d+ x \d+ ms))/);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ci \(median of 1\): \d+ ms wall/m);
    expect(result.stdout).toMatch(/where the time goes \(ms\): load \d+/);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    const ci = written.results.ci;
    expect(ci.requests).toBeGreaterThan(300);
    expect(ci.floorMs).toBeGreaterThan(0);
    expect(ci.ratio).toBeGreaterThan(0);
    expect(Object.keys(ci.whereTheTimeGoes)).toEqual([
      'load',
      'target',
      'vitestAndSetUp',
      'http',
      'validation',
      'generation',
      'judgingAndPerTest',
      'reportsAndExit',
    ]);
    expect(result.stdout).toMatch(/^ci through a delaying proxy.*0 ms: \d+ ms wall \(1x\), 5 ms:/m);
    expect(result.stdout).toMatch(
      /^Host speed: a fixed CPU loop took \d+ ms before the runs and \d+ ms after/m,
    );
    expect(written.machine.cpuLoopMs.before).toBeGreaterThan(0);
    expect(written.machine.cpuLoopMs.after).toBeGreaterThan(0);
    const remote = written.remote.ci;
    expect(remote.map((r: { delayMs: number }) => r.delayMs)).toEqual([0, 5]);
    expect(remote[1].requests).toBe(remote[0].requests);
    expect(remote[1].wallMs).toBeGreaterThan(0);
    expect(written.machine.cores).toBeGreaterThan(0);
    // Peak RSS is sampled from /proc: Linux only.
    expect(written.targets.map((t: { target: string }) => t.target)).toEqual([
      'ci profile (compiled) under 2 s wall, command to exit',
      ...(process.platform === 'linux' ? ['peak RSS under 300 MiB'] : []),
      'ci profile 5 ms away: wall at most 1.6x its wall at 0 ms',
      'ci against a target serving 4 at once, 2 ms each: wall at most 1.3x its capacity',
    ]);
    const [capacity] = written.capacity;
    expect(capacity).toMatchObject({ servers: 4, serviceMs: 2 });
    // Its own run's requests: a request sent again on a connection closed under it counts too,
    // so two runs of one seed may differ by a few (394 against 396 in npm test, 27 November).
    const [sample] = capacity.samples;
    expect(capacity.capacityMs).toBe(Math.round((sample.requests * 2) / 4));
    expect(Math.abs(sample.requests - remote[0].requests)).toBeLessThan(20);
    expect(capacity.wallMs).toBeGreaterThan(0);
  }, 180_000);
});
