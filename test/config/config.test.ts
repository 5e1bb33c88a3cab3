import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourEnabled, colourLine } from '../../src/base/colour.ts';
import { HarnessError } from '../../src/base/errors.ts';
import { checkSelection } from '../../src/checks/selection.ts';
import { commandUsage, loadConfig, OPTIONS, usage } from '../../src/config/config.ts';
import { optionsOf, switchesOf } from '../../src/config/options.ts';
import { tempDir } from '../support/temp.ts';

const dir = tempDir('pc-config-');
const dotenvPath = join(dir, '.env');
writeFileSync(
  dotenvPath,
  'PETSTORE_BASE_URL=http://dotenv.test/v1\nPETSTORE_API_KEY=from-dotenv\nPETSTORE_RUNS=3\n',
);

function errorOf(fn: () => unknown): HarnessError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HarnessError) return error;
    throw error;
  }
  throw new Error('expected a HarnessError');
}

describe('config', () => {
  it('defaults to run against the embedded server', () => {
    const config = loadConfig({ argv: [], env: {} });
    expect(config).toMatchObject({
      command: 'run',
      reportDir: 'reports',
      runs: 25,
      timeoutMs: 5000,
      seedSource: 'random',
    });
    expect(config.baseUrl).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('flags override the environment, which overrides .env', () => {
    expect(loadConfig({ argv: ['--allow-writes'], env: {}, dotenvPath })).toMatchObject({
      baseUrl: 'http://dotenv.test/v1',
      apiKey: 'from-dotenv',
      runs: 3,
    });
    const env = { PETSTORE_BASE_URL: 'http://env.test/v1', PETSTORE_RUNS: '4' };
    expect(loadConfig({ argv: ['--profile', 'probe'], env, dotenvPath })).toMatchObject({
      baseUrl: 'http://env.test/v1',
      apiKey: 'from-dotenv',
      runs: 4,
    });
    const argv = ['--base-url', 'http://flag.test/v1/', '--runs', '5', '--seed', '9'];
    expect(loadConfig({ argv, env, dotenvPath })).toMatchObject({
      baseUrl: 'http://flag.test/v1',
      runs: 5,
      seed: 9,
      seedSource: 'flag',
    });
  });

  it.each([
    [['--bogus'], "unknown option '--bogus' (see run --help)"],
    [['run', '--json'], '--json is an option of list-checks, not of run'],
    [['serve', '--profile', 'ci'], '--profile is an option of run, not of serve'],
    [['list-checks', '--seed', '1'], '--seed is an option of run, not of list-checks'],
    [['--seed', '-5'], "--seed must be an integer from 0 to 4294967295, got '-5'"],
    [['--concurrency', 'many'], "--concurrency must be an integer from 1 to 64, got 'many'"],
    [['--max-requests', '-1'], '--max-requests must be an integer from 2 to 10000000'],
    [['serve', '--port', '70000'], '--port must be an integer from 0 to 65535'],
    [['--base-url'], '--base-url needs a value (URL)'],
    [['--only', '--skip', 'AUTH'], '--only needs a value (IDS)'],
    [['run', 'extra'], "unexpected argument 'extra' (see run --help)"],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['--base-url', 'not a url', '--api-key', 'k'], 'is not a valid URL'],
    [['--base-url', 'ftp://x/v1', '--api-key', 'k'], 'must be an http:// or https:// URL'],
    [['--base-url', 'http://x/v1'], 'no API key for http://x/v1'],
    [['--runs', '0'], "--runs must be an integer from 1 to 100000, got '0'"],
    [['--seed', 'abc'], '--seed must be an integer'],
    [['--now', '2030-02-30'], '--now must be a date as YYYY-MM-DD'],
    [['--timeout', '1.5'], '--timeout must be an integer'],
    [['--profile', 'fast'], "unknown profile 'fast'"],
    [['--env', 'dev'], "unknown --env 'dev'"],
    [['--shard', '3/2'], '--shard must be I/N with 1 <= I <= N'],
    [['--shard', 'half'], '--shard must be I/N'],
    [['merge'], 'merge needs the report folders of the shards'],
    [['--env', 'staging'], '--env staging needs PETSTORE_STAGING_BASE_URL'],
  ])('rejects %j with one clear line', (argv, message) => {
    const error = errorOf(() => loadConfig({ argv, env: {} }));
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('\n');
  });

  it('profiles set runs and seed; ci has a fixed seed', () => {
    expect(loadConfig({ argv: ['--profile', 'ci'], env: {} })).toMatchObject({
      profile: 'ci',
      runs: 10,
      seed: 20_260_101,
      seedSource: 'profile',
    });
    expect(loadConfig({ argv: ['--profile', 'certify'], env: {} })).toMatchObject({
      runs: 100,
      seedSource: 'random',
    });
    expect(
      loadConfig({ argv: ['--profile', 'ci', '--runs', '3', '--seed', '4'], env: {} }),
    ).toMatchObject({ runs: 3, seed: 4 });
  });

  it('--env picks the production or staging base URL', () => {
    const env = {
      PETSTORE_BASE_URL: 'https://prod.test/v1',
      PETSTORE_STAGING_BASE_URL: 'https://staging.test/v1',
      PETSTORE_API_KEY: 'k-0123456789',
    };
    expect(loadConfig({ argv: ['--env', 'staging'], env }).baseUrl).toBe('https://staging.test/v1');
    expect(loadConfig({ argv: ['--env', 'production', '--profile', 'probe'], env }).baseUrl).toBe(
      'https://prod.test/v1',
    );
  });

  it('refuses to write to production unless --allow-writes; probe may read it', () => {
    const env = { PETSTORE_BASE_URL: 'https://prod.test/v1', PETSTORE_API_KEY: 'k-0123456789' };
    for (const argv of [
      ['--env', 'production'],
      ['--profile', 'ci'],
      ['--base-url', 'https://prod.test/v1/', '--profile', 'certify'],
    ]) {
      const error = errorOf(() => loadConfig({ argv, env }));
      expect(error.message).toContain(
        'refusing to create pets on the production base URL https://prod.test/v1',
      );
    }
    expect(loadConfig({ argv: ['--env', 'production', '--allow-writes'], env }).allowWrites).toBe(
      true,
    );
    expect(loadConfig({ argv: ['--profile', 'probe'], env }).profile).toBe('probe');
    expect(loadConfig({ argv: ['--base-url', 'https://staging.test/v1'], env }).baseUrl).toBe(
      'https://staging.test/v1',
    );
  });

  it('--only and --skip take id prefixes, and reject ones that match nothing', () => {
    const config = loadConfig({
      argv: ['--only', 'auth, list-limit', '--skip', 'AUTH-GET'],
      env: {},
    });
    expect(config).toMatchObject({ only: ['AUTH', 'LIST-LIMIT'], skip: ['AUTH-GET'] });
    expect(() => checkSelection(config)).not.toThrow();
    const typo = loadConfig({ argv: ['--only', 'NOPE', '--skip', 'AUTH,ZZZ'], env: {} });
    expect(errorOf(() => checkSelection(typo)).message).toContain(
      'no check id starts with NOPE, ZZZ',
    );
  });

  it('warns when the base URL lacks the /v1 prefix', () => {
    const config = loadConfig({
      argv: ['--base-url', 'http://x/api', '--api-key', 'long-enough-key'],
      env: {},
    });
    expect(config.warnings).toEqual([
      "the base URL does not end in the contract's version prefix /v1",
    ]);
  });

  it('warns that a very short key cannot be hidden cleanly', () => {
    const config = loadConfig({ argv: ['--base-url', 'http://x/v1', '--api-key', 'k'], env: {} });
    expect(config.warnings[0]).toContain('shorter than 8 characters');
  });

  it('documents every option and its variable in --help and .env.example', async () => {
    const { readFileSync } = await import('node:fs');
    const example = readFileSync(join(import.meta.dirname, '..', '..', '.env.example'), 'utf8');
    for (const [name, option] of Object.entries(OPTIONS)) {
      expect(usage()).toContain(`--${name}`);
      expect(usage()).toContain(option.env);
      expect(example).toContain(option.env);
    }
  });

  it('--version, --help and help COMMAND ask for nothing else', () => {
    expect(loadConfig({ argv: ['--version'], env: {} }).command).toBe('version');
    expect(loadConfig({ argv: ['--help'], env: {} })).toMatchObject({ command: 'help' });
    expect(loadConfig({ argv: ['--help'], env: {} }).helpFor).toBeUndefined();
    for (const command of ['run', 'serve', 'merge', 'list-checks'] as const) {
      expect(loadConfig({ argv: [command, '--help'], env: {} }).helpFor).toBe(command);
      expect(loadConfig({ argv: ['help', command], env: {} }).helpFor).toBe(command);
    }
    // a bad value elsewhere on the line does not stand in the way of help
    expect(loadConfig({ argv: ['run', '--help', '--seed', 'x'], env: {} }).command).toBe('help');
  });

  it('a negative value is a value, not a flag', () => {
    expect(loadConfig({ argv: ['--seed', '0'], env: {} }).seed).toBe(0);
    expect(loadConfig({ argv: ['--seed=4294967295'], env: {} }).seed).toBe(4_294_967_295);
  });

  it('each command reads only its own variables', () => {
    const env = { PETSTORE_SEED: 'not a number', PETSTORE_BASE_URL: 'http://x/v1' };
    expect(loadConfig({ argv: ['serve', '--api-key', 'k-0123456789'], env }).command).toBe('serve');
    expect(loadConfig({ argv: ['list-checks', '--json'], env }).json).toBe(true);
    const run = ['run', '--api-key', 'k-0123456789', '--allow-writes'];
    expect(() => loadConfig({ argv: run, env })).toThrow(
      "PETSTORE_SEED (environment) must be an integer from 0 to 4294967295, got 'not a number'",
    );
  });

  it("each command's help lists its own flags, and run's the profiles' defaults", () => {
    for (const command of ['run', 'serve', 'merge', 'list-checks'] as const) {
      const help = commandUsage(command);
      const rows = help.split('\n').filter((l) => l.startsWith('  --'));
      const listed = rows.map((l) => l.slice(4).split(' ')[0]);
      const own = [...optionsOf(command), ...switchesOf(command), 'help'];
      expect([...listed].sort()).toEqual([...own].sort());
    }
    expect(commandUsage('list-checks')).toContain('--json');
    expect(commandUsage('run')).not.toContain('--json');
    expect(commandUsage('run')).toContain('--allow-writes');
    const run = commandUsage('run');
    expect(run).toMatch(/ci +runs 10, seed 20260101/);
    expect(run).toMatch(/full +runs 25/);
    expect(run).toMatch(/certify +runs 100/);
    expect(run).toMatch(/probe +runs 10, random seed, read-only.*max-requests 200, rate 5/);
  });

  it('every help that lists exit codes names the inconclusive verdict of exit 2', () => {
    for (const help of [usage(), commandUsage('run'), commandUsage('merge')]) {
      expect(help).toContain('Exit codes: 0 conformant');
      expect(help).toMatch(
        /2 the harness could not run[\s\S]*inconclusive: it judged no MUST check/,
      );
      expect(help).toContain('"verdict": "inconclusive"');
    }
  });

  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ CI: 'true' }, true, false],
    [{ TERM: 'dumb' }, true, false],
    [{ FORCE_COLOR: '1', CI: 'true' }, false, true],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
  ])('colour with %j on a terminal: %s -> %s', (env, tty, expected) => {
    expect(colourEnabled(env, tty)).toBe(expected);
  });

  it('colours a line by its kind, and leaves other lines as they are', () => {
    expect(colourLine('  ✓ AUTH-LIST-NO-KEY  title')).toContain('\u001b[32m✓\u001b[0m');
    expect(colourLine('  ✗ AUTH-LIST-NO-KEY  title')).toBe(
      '\u001b[31m  ✗ AUTH-LIST-NO-KEY\u001b[0m  title',
    );
    expect(colourLine('NOT conformant: 1 failed')).toBe(
      '\u001b[31mNOT conformant: 1 failed\u001b[0m',
    );
    expect(colourLine('Clauses judged: 19 of 19')).toBe('Clauses judged: 19 of 19');
  });
});
