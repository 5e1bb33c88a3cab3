import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nearest } from '../../src/base/nearest.ts';
import { loadConfig } from '../../src/config/config.ts';
import { tempDir } from '../support/temp.ts';

/** A folder holding the given files: a .env, a config file, a package.json. */
function folder(files: Record<string, string>): string {
  const dir = tempDir('pc-sources-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const load = (dir: string, argv: string[] = [], env: Record<string, string> = {}) =>
  loadConfig({ argv, env, dotenvPath: join(dir, '.env'), configDir: dir });

describe('where a setting came from', () => {
  it.each([
    [
      { '.env': 'PETSTORE_TIMEOUT_MS=5s\n' },
      [],
      {},
      "PETSTORE_TIMEOUT_MS in .env must be an integer from 1 to 600000, got '5s'",
    ],
    [{}, [], { PETSTORE_TIMEOUT_MS: '5s' }, 'PETSTORE_TIMEOUT_MS (environment) must be an integer'],
    [{}, ['--timeout', '5s'], {}, "--timeout must be an integer from 1 to 600000, got '5s'"],
    [
      { 'petstore-conformance.config.json': '{"timeout": "5s"}' },
      [],
      {},
      '"timeout" in petstore-conformance.config.json must be an integer',
    ],
    [
      { '.env': 'PETSTORE_NOW=tomorrow\n' },
      [],
      {},
      "PETSTORE_NOW in .env must be a date as YYYY-MM-DD, got 'tomorrow'",
    ],
    [
      { '.env': 'PETSTORE_PROFILE=nightly\n' },
      [],
      {},
      "unknown profile 'nightly' (PETSTORE_PROFILE in .env)",
    ],
    [{ '.env': 'PETSTORE_SHARD=3/2\n' }, [], {}, 'PETSTORE_SHARD in .env must be I/N'],
    [
      { '.env': 'PETSTORE_BASE_URL=::nope\nPETSTORE_API_KEY=k-0123456789\n' },
      ['--allow-writes'],
      {},
      "PETSTORE_BASE_URL in .env '::nope' is not a valid URL",
    ],
  ])('%j %j %j: the message names it as given (%s)', (files, argv, env, message) => {
    expect(() => load(folder(files), argv, env)).toThrow(message);
  });

  it('warns of a PETSTORE_* variable it does not know, with the nearest known name', () => {
    const dir = folder({ '.env': 'PETSTORE_TIMEOUT=10\n' });
    const { warnings } = load(dir, [], { PETSTORE_REPORTDIR: 'out', PETSTORE_ZZZZZZZZZZZZZZ: '1' });
    expect(warnings).toEqual([
      'PETSTORE_REPORTDIR (the environment) is not a variable of petstore-conformance: did you mean PETSTORE_REPORT_DIR?',
      'PETSTORE_ZZZZZZZZZZZZZZ (the environment) is not a variable of petstore-conformance',
      'PETSTORE_TIMEOUT (.env) is not a variable of petstore-conformance: did you mean PETSTORE_TIMEOUT_MS?',
    ]);
    expect(load(dir, [], { PETSTORE_STAGING_BASE_URL: 'http://s/v1' }).warnings).toHaveLength(1);
  });

  it('nearest finds a likely typo and nothing for a stranger', () => {
    expect(nearest('PETSTORE_REPORTDIR', ['PETSTORE_REPORT_DIR', 'PETSTORE_RUNS'])).toBe(
      'PETSTORE_REPORT_DIR',
    );
    expect(nearest('bail-out-now', ['seed', 'runs'])).toBeUndefined();
  });
});

describe('the config file', () => {
  it('precedence: flags, then the environment, then .env, then the file', () => {
    const dir = folder({
      'petstore-conformance.config.json': JSON.stringify({
        timeout: 1000,
        runs: 1,
        seed: 1,
        only: ['LIST', 'AUTH'],
        'report-dir': 'from-file',
      }),
      '.env': 'PETSTORE_RUNS=2\nPETSTORE_SEED=2\n',
    });
    const config = load(dir, ['--seed', '4'], { PETSTORE_SEED: '3', PETSTORE_RUNS: '3' });
    expect(config).toMatchObject({
      timeoutMs: 1000,
      runs: 3,
      seed: 4,
      only: ['LIST', 'AUTH'],
      reportDir: 'from-file',
    });
    expect(load(dir)).toMatchObject({ runs: 2, seed: 2 });
  });

  it('is read from the "petstore-conformance" key of package.json when there is no config file', () => {
    const dir = folder({
      'package.json': JSON.stringify({ name: 'x', 'petstore-conformance': { profile: 'ci' } }),
    });
    expect(load(dir).profile).toBe('ci');
    expect(load(folder({ 'package.json': '{"name": "x"}' })).profile).toBe('full');
  });

  it.each([
    [
      { 'petstore-conformance.config.json': '{"reportdir": "x"}' },
      'petstore-conformance.config.json: unknown setting "reportdir": did you mean "report-dir"?',
    ],
    [
      { 'petstore-conformance.config.json': '{"api-key": "k"}' },
      '"api-key" does not belong in a file kept in a repository',
    ],
    [
      { 'petstore-conformance.config.json': '{"profile": ' },
      'petstore-conformance.config.json: not valid JSON',
    ],
    [{ 'petstore-conformance.config.json': '["ci"]' }, 'must be a JSON object of settings'],
    [
      { 'petstore-conformance.config.json': '{"runs": true}' },
      '"runs" must be a string or a number, got true',
    ],
    [
      { 'package.json': '{"petstore-conformance": {"seeds": 1}}' },
      'package.json "petstore-conformance": unknown setting "seeds": did you mean "seed"?',
    ],
  ])('%j is refused as a flag would be: %s', (files, message) => {
    expect(() => load(folder(files))).toThrow(message);
  });
});

describe('--header', () => {
  it('a short secret value is hidden only where whole: a warning says so, and --header-public silences it', () => {
    const dir = folder({});
    const short = load(dir, ['-H', 'X-Trace: 1']);
    expect(short.connection.headers).toEqual({ 'x-trace': '1' });
    expect(short.secrets).toEqual(['1']);
    expect(short.warnings.join('\n')).toContain('a --header value shorter than 8 characters');
    const open = load(dir, ['-H', 'X-Trace: 1', '--header-public']);
    expect(open.secrets).toEqual([]);
    expect(open.warnings).toEqual([]);
  });
});
