import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseDotenv } from 'dotenv';
import { unknownPrefixes } from './checks/selection.ts';
import { VERSION_PREFIX } from './contract.ts';
import { HarnessError } from './errors.ts';
import { SHORT_SECRET } from './http/redaction.ts';
import { isProfileName, PROFILES, type ProfileName } from './profiles.ts';

export type Command = 'run' | 'serve' | 'list-checks' | 'merge' | 'help';

/** One validated, frozen configuration: flags override the environment, which overrides `.env`. */
export interface Config {
  command: Command;
  /** Absent: run against the embedded reference server. */
  baseUrl?: string;
  apiKey?: string;
  reportDir: string;
  seed: number;
  seedSource: 'flag' | 'env' | 'profile' | 'random';
  profile: ProfileName;
  /** Check id prefixes to run (all when empty) and to leave out. */
  only: string[];
  skip: string[];
  allowWrites: boolean;
  /** `I/N`: this run is shard I of N. */
  shard?: string;
  /** `merge` only: the shards' report folders. */
  mergeDirs: string[];
  /** Request budget and rate; undefined: unlimited. */
  maxRequests?: number;
  rate?: number;
  /** Requests in flight to the target at once, at most. */
  concurrency: number;
  runs: number;
  /** `YYYY-MM-DD` the sunset checks take as today, when given. */
  now?: string;
  timeoutMs: number;
  sunsetWarnDays: number;
  /** `list-checks` only: print JSON. */
  json: boolean;
  /** `serve` only. */
  port: number;
  host: string;
  /** Things worth saying that do not stop the run. */
  warnings: string[];
}

/** Every option: its flag, the variable behind it, and what it means (also the --help text). */
export const OPTIONS = {
  'base-url': {
    env: 'PETSTORE_BASE_URL',
    arg: 'URL',
    help: 'Base URL of the target, ending in /v1. None: start the embedded reference server.',
  },
  'api-key': {
    env: 'PETSTORE_API_KEY',
    arg: 'KEY',
    help: 'API key sent as a bearer token. Required with --base-url.',
  },
  profile: {
    env: 'PETSTORE_PROFILE',
    arg: 'NAME',
    help: 'ci (fixed seed, fast), full (default), certify (deeper), probe (read-only, never POSTs).',
  },
  env: {
    env: 'PETSTORE_ENV',
    arg: 'NAME',
    help: 'production or staging: take the base URL from PETSTORE_BASE_URL or PETSTORE_STAGING_BASE_URL.',
  },
  only: {
    env: 'PETSTORE_ONLY',
    arg: 'IDS',
    help: 'Run only checks whose id starts with one of these (comma-separated).',
  },
  skip: {
    env: 'PETSTORE_SKIP',
    arg: 'IDS',
    help: 'Leave out checks whose id starts with one of these (comma-separated).',
  },
  'max-requests': {
    env: 'PETSTORE_MAX_REQUESTS',
    arg: 'N',
    help: 'Send at most N requests; checks left without budget are skipped (probe default 200).',
  },
  rate: {
    env: 'PETSTORE_RATE',
    arg: 'N',
    help: 'Send at most N requests per second (probe default 5).',
  },
  shard: {
    env: 'PETSTORE_SHARD',
    arg: 'I/N',
    help: 'Run shard I of N (vitest sharding by suite file); join the shards with merge.',
  },
  'report-dir': {
    env: 'PETSTORE_REPORT_DIR',
    arg: 'DIR',
    help: 'Where reports are written (default reports/).',
  },
  seed: {
    env: 'PETSTORE_SEED',
    arg: 'N',
    help: 'Seed of the generated inputs; the same seed sends the same requests (default: random, printed).',
  },
  runs: { env: 'PETSTORE_RUNS', arg: 'N', help: 'fast-check runs per property (default 25).' },
  now: {
    env: 'PETSTORE_NOW',
    arg: 'YYYY-MM-DD',
    help: 'The date the sunset checks take as today.',
  },
  'sunset-warn-days': {
    env: 'PETSTORE_SUNSET_WARN_DAYS',
    arg: 'N',
    help: 'Warn this many days before the getPet sunset (default 180).',
  },
  concurrency: {
    env: 'PETSTORE_CONCURRENCY',
    arg: 'N',
    help: 'Requests in flight to the target at once, at most (default 4).',
  },
  timeout: {
    env: 'PETSTORE_TIMEOUT_MS',
    arg: 'MS',
    help: 'Deadline of each request in milliseconds (default 5000).',
  },
  port: {
    env: 'PETSTORE_PORT',
    arg: 'N',
    help: 'serve: port to listen on (default 8080; 0 picks a free one).',
  },
  host: {
    env: 'PETSTORE_HOST',
    arg: 'HOST',
    help: 'serve: address to listen on (default 127.0.0.1).',
  },
} as const;
type OptionName = keyof typeof OPTIONS;

export const DEFAULTS = {
  reportDir: 'reports',
  runs: 25,
  timeoutMs: 5000,
  concurrency: 4,
  sunsetWarnDays: 180,
  port: 8080,
  host: '127.0.0.1',
} as const;

export interface ConfigSources {
  argv: string[];
  env: Record<string, string | undefined>;
  /** Path of the `.env` file; missing is fine. */
  dotenvPath?: string;
}

function readDotenv(path: string | undefined): Record<string, string> {
  if (!path || !existsSync(path)) return {};
  return parseDotenv(readFileSync(path, 'utf8'));
}

function parseFlags(argv: string[]) {
  const options = Object.fromEntries(
    Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const }]),
  ) as Record<OptionName, { type: 'string' }>;
  try {
    return parseArgs({
      args: argv,
      options: {
        ...options,
        help: { type: 'boolean', short: 'h' },
        json: { type: 'boolean' },
        'allow-writes': { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs explains itself in one sentence; keep only that.
    throw new HarnessError('USAGE', `${(error as Error).message.split('\n')[0]} (see --help)`);
  }
}

function integer(name: OptionName, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw.trim()))
    throw new HarnessError('CONFIG', `--${name} must be an integer, got '${raw}'`);
  const n = Number(raw);
  if (n < min || n > max)
    throw new HarnessError('CONFIG', `--${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

function checkDate(raw: string): string {
  const date = new Date(`${raw}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== raw
  ) {
    throw new HarnessError('CONFIG', `--now must be a date as YYYY-MM-DD, got '${raw}'`);
  }
  return raw;
}

function checkBaseUrl(raw: string, warnings: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HarnessError('CONFIG', `--base-url '${raw}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HarnessError('CONFIG', `--base-url '${raw}' must be an http:// or https:// URL`);
  }
  if (url.search || url.hash)
    throw new HarnessError('CONFIG', `--base-url '${raw}' must not carry a query or fragment`);
  const base = raw.replace(/\/+$/, '');
  if (!url.pathname.replace(/\/+$/, '').endsWith(VERSION_PREFIX)) {
    warnings.push(`the base URL does not end in the contract's version prefix ${VERSION_PREFIX}`);
  }
  return base;
}

function limitsOf(profile: ProfileName, maxRaw: string | undefined, rateRaw: string | undefined) {
  const defaults = PROFILES[profile] as { maxRequests?: number; rate?: number };
  const maxRequests =
    maxRaw === undefined ? defaults.maxRequests : integer('max-requests', maxRaw, 2, 10_000_000);
  const rate = rateRaw === undefined ? defaults.rate : integer('rate', rateRaw, 1, 100_000);
  return {
    ...(maxRequests === undefined ? {} : { maxRequests }),
    ...(rate === undefined ? {} : { rate }),
  };
}

function shardOf(raw: string | undefined): { shard?: string } {
  if (raw === undefined) return {};
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const [index, count] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || index < 1 || count < 1 || index > count) {
    throw new HarnessError('CONFIG', `--shard must be I/N with 1 <= I <= N, got '${raw}'`);
  }
  return { shard: `${index}/${count}` };
}

function checkProfile(name: string): ProfileName {
  if (isProfileName(name)) return name;
  throw new HarnessError(
    'CONFIG',
    `unknown profile '${name}': use ${Object.keys(PROFILES).join(', ')}`,
  );
}

const prefixes = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);

function defaultSeed(profile: ProfileName): number {
  const fixed = PROFILES[profile] as { defaultSeed?: number };
  return fixed.defaultSeed ?? Math.floor(Math.random() * 2 ** 31);
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * The base URL (a flag, or the variable --env names) and whether it is production's:
 * PETSTORE_BASE_URL is production's base address, PETSTORE_STAGING_BASE_URL staging's.
 */
function resolveTarget(
  flag: string | undefined,
  env: string | undefined,
  variable: (name: string) => string | undefined,
) {
  if (env !== undefined && env !== 'production' && env !== 'staging') {
    throw new HarnessError('CONFIG', `unknown --env '${env}': use production or staging`);
  }
  const production = variable('PETSTORE_BASE_URL');
  const staging = variable('PETSTORE_STAGING_BASE_URL');
  const url = flag ?? (env === 'staging' ? staging : production);
  if (env && url === undefined) {
    const name = env === 'staging' ? 'PETSTORE_STAGING_BASE_URL' : 'PETSTORE_BASE_URL';
    throw new HarnessError('CONFIG', `--env ${env} needs ${name} (in the environment or .env)`);
  }
  const isProduction =
    url !== undefined &&
    (env === 'production' || (production !== undefined && sameUrl(url, production)));
  return { url, production: isProduction };
}

const COMMANDS: readonly string[] = ['run', 'serve', 'list-checks', 'merge', 'help'];

/** Reads flags, environment and `.env` into one Config, or throws a HarnessError saying what is wrong. */
export function loadConfig(sources: ConfigSources): Readonly<Config> {
  const { values, positionals } = parseFlags(sources.argv);
  const dotenv = readDotenv(sources.dotenvPath);
  const pick = (name: OptionName): string | undefined => {
    const value = values[name] ?? sources.env[OPTIONS[name].env] ?? dotenv[OPTIONS[name].env];
    return value === '' ? undefined : value;
  };
  const commandName = values.help ? 'help' : (positionals[0] ?? 'run');
  if (!COMMANDS.includes(commandName))
    throw new HarnessError('USAGE', `unknown command '${commandName}' (see --help)`);
  if (positionals.length > 1 && commandName !== 'merge')
    throw new HarnessError('USAGE', `unexpected argument '${positionals[1]}' (see --help)`);
  if (commandName === 'merge' && positionals.length < 2)
    throw new HarnessError(
      'USAGE',
      'merge needs the report folders of the shards: merge DIR... (see --help)',
    );
  const warnings: string[] = [];
  const profile = checkProfile(pick('profile') ?? 'full');
  const target = resolveTarget(
    values['base-url'],
    pick('env'),
    (name) => sources.env[name] || dotenv[name] || undefined,
  );
  const baseUrl = target.url === undefined ? undefined : checkBaseUrl(target.url, warnings);
  const allowWrites = values['allow-writes'] === true;
  if (
    commandName === 'run' &&
    baseUrl &&
    target.production &&
    PROFILES[profile].writes &&
    !allowWrites
  ) {
    throw new HarnessError(
      'PRODUCTION',
      `refusing to create pets on the production base URL ${baseUrl} with the ${profile} profile: use --profile probe (read-only), or add --allow-writes`,
    );
  }
  const only = prefixes(pick('only'));
  const skip = prefixes(pick('skip'));
  const unknown = unknownPrefixes([...only, ...skip]);
  if (unknown.length)
    throw new HarnessError(
      'CONFIG',
      `no check id starts with ${unknown.join(', ')} (see list-checks)`,
    );
  const apiKey = pick('api-key');
  if (apiKey && apiKey.length < SHORT_SECRET) {
    warnings.push(
      `the API key is shorter than ${SHORT_SECRET} characters: hiding it from every output may blank out ordinary text too`,
    );
  }
  if (commandName === 'run' && baseUrl && !apiKey) {
    throw new HarnessError(
      'CONFIG',
      `no API key for ${baseUrl}: give --api-key or set PETSTORE_API_KEY`,
    );
  }
  const seedRaw = pick('seed');
  const nowRaw = pick('now');
  const portRaw = pick('port');
  const runsRaw = pick('runs');
  const timeoutRaw = pick('timeout');
  const concurrencyRaw = pick('concurrency');
  const warnRaw = pick('sunset-warn-days');
  const config: Config = {
    command: commandName as Command,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    reportDir: pick('report-dir') ?? DEFAULTS.reportDir,
    seed:
      seedRaw === undefined
        ? defaultSeed(profile)
        : integer('seed', seedRaw, -(2 ** 31), 2 ** 32 - 1),
    seedSource:
      values.seed !== undefined
        ? 'flag'
        : seedRaw !== undefined
          ? 'env'
          : profile === 'ci'
            ? 'profile'
            : 'random',
    runs: runsRaw === undefined ? PROFILES[profile].runs : integer('runs', runsRaw, 1, 100_000),
    profile,
    only,
    skip,
    allowWrites,
    ...limitsOf(profile, pick('max-requests'), pick('rate')),
    concurrency:
      concurrencyRaw === undefined
        ? DEFAULTS.concurrency
        : integer('concurrency', concurrencyRaw, 1, 64),
    ...shardOf(pick('shard')),
    mergeDirs: commandName === 'merge' ? positionals.slice(1) : [],
    ...(nowRaw ? { now: checkDate(nowRaw) } : {}),
    timeoutMs:
      timeoutRaw === undefined ? DEFAULTS.timeoutMs : integer('timeout', timeoutRaw, 1, 600_000),
    sunsetWarnDays:
      warnRaw === undefined
        ? DEFAULTS.sunsetWarnDays
        : integer('sunset-warn-days', warnRaw, 0, 36_500),
    port: portRaw === undefined ? DEFAULTS.port : integer('port', portRaw, 0, 65535),
    host: pick('host') ?? DEFAULTS.host,
    json: values.json === true,
    warnings,
  };
  return Object.freeze(config);
}

/** The --help text, generated from OPTIONS so it cannot drift from what is accepted. */
export function usage(): string {
  const rows = Object.entries(OPTIONS).map(
    ([name, o]) => `  --${`${name} ${o.arg}`.padEnd(24)} ${o.help} [${o.env}]`,
  );
  return [
    'Usage: petstore-conformance [run|serve|list-checks|merge] [options]',
    '',
    'Commands:',
    '  run      check a Petstore service against the contract (default)',
    '  serve    run the embedded reference server on its own (--port, --api-key, --now)',
    '  list-checks  print the check catalog: id, level, operation, clause (--json for JSON)',
    '  merge DIR... join the report folders of --shard runs into one set of reports (--report-dir)',
    '',
    'Options (flags override environment variables, which override .env):',
    ...rows,
    '  --allow-writes           let a writing profile run against the production base URL',
    '  --json                   list-checks: print the catalog as JSON',
    '  --help                   show this text',
    '',
    'Exit codes: 0 conformant, 1 a MUST check failed, 2 the harness could not run.',
  ].join('\n');
}
