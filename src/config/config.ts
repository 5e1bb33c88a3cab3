import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { HarnessError } from '../base/errors.ts';
import { SHORT_SECRET } from '../http/redaction.ts';
import { type ParsedArgs, parseCommandLine } from './argv.ts';
import { DEFAULTS, OPTIONS, type OptionName, optionsOf } from './options.ts';
import { PROFILES, type ProfileName } from './profiles.ts';
import {
  checkBaseUrl,
  checkDate,
  checkProfile,
  integerOption,
  prefixesOf,
  resolveTarget,
  shardOf,
} from './validate.ts';

export { commandUsage, usage } from './help.ts';
export { DEFAULTS, OPTIONS } from './options.ts';

export type Command = ParsedArgs['command'] | 'help' | 'version';

/** One validated, frozen configuration: flags override the environment, which overrides `.env`. */
export interface Config {
  command: Command;
  /** `help` only: the command whose help was asked for (none: the top-level help). */
  helpFor?: ParsedArgs['command'];
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
  /** The run's time budget: past it no request starts. */
  maxDurationMs: number;
  sunsetWarnDays: number;
  /** `list-checks` only: print JSON. */
  json: boolean;
  /** `serve` only. */
  port: number;
  host: string;
  /** Things worth saying that do not stop the run. */
  warnings: string[];
}

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

/** The value of each of the command's own options: flag, else environment, else `.env`. */
function valueSource(args: ParsedArgs, sources: ConfigSources) {
  const dotenv = readDotenv(sources.dotenvPath);
  const own = new Set<OptionName>(optionsOf(args.command));
  const variable = (name: string) => sources.env[name] || dotenv[name] || undefined;
  const pick = (name: OptionName): string | undefined => {
    if (!own.has(name)) return undefined;
    const value = args.values[name] ?? variable(OPTIONS[name].env);
    return value === '' ? undefined : value;
  };
  const int = (name: OptionName, fallback: number) => {
    const raw = pick(name);
    return raw === undefined ? fallback : integerOption(name, raw);
  };
  return { pick, int, variable };
}

function checkPositionals(args: ParsedArgs): void {
  const extra = args.command === 'merge' ? [] : args.positionals;
  if (extra.length)
    throw new HarnessError(
      'USAGE',
      `unexpected argument '${extra[0]}' (see ${args.command} --help)`,
    );
  if (args.command === 'merge' && args.positionals.length === 0)
    throw new HarnessError(
      'USAGE',
      'merge needs the report folders of the shards: merge DIR... (see merge --help)',
    );
}

type Source = ReturnType<typeof valueSource>;

/** The target, key and write guard of `run`. */
function targetOf(args: ParsedArgs, src: Source, profile: ProfileName, warnings: string[]) {
  const target = resolveTarget(args.values['base-url'], src.pick('env'), src.variable);
  const baseUrl = target.url === undefined ? undefined : checkBaseUrl(target.url, warnings);
  const allowWrites = args.values['allow-writes'] === true;
  if (baseUrl && target.production && PROFILES[profile].writes && !allowWrites) {
    throw new HarnessError(
      'PRODUCTION',
      `refusing to create pets on the production base URL ${baseUrl} with the ${profile} profile: use --profile probe (read-only), or add --allow-writes`,
    );
  }
  const apiKey = src.pick('api-key');
  if (baseUrl && !apiKey) {
    throw new HarnessError(
      'CONFIG',
      `no API key for ${baseUrl}: give --api-key or set PETSTORE_API_KEY`,
    );
  }
  return { ...(baseUrl ? { baseUrl } : {}), allowWrites };
}

function seedOf(args: ParsedArgs, src: Source, profile: ProfileName) {
  const raw = src.pick('seed');
  const fixed = (PROFILES[profile] as { defaultSeed?: number }).defaultSeed;
  if (raw !== undefined)
    return { seed: integerOption('seed', raw), seedSource: args.values.seed ? 'flag' : 'env' };
  if (fixed !== undefined) return { seed: fixed, seedSource: 'profile' };
  return { seed: Math.floor(Math.random() * 2 ** 31), seedSource: 'random' };
}

function limitsOf(src: Source, profile: ProfileName) {
  const defaults = PROFILES[profile] as { maxRequests?: number; rate?: number };
  const maxRaw = src.pick('max-requests');
  const rateRaw = src.pick('rate');
  const maxRequests =
    maxRaw === undefined ? defaults.maxRequests : integerOption('max-requests', maxRaw);
  const rate = rateRaw === undefined ? defaults.rate : integerOption('rate', rateRaw);
  return {
    ...(maxRequests === undefined ? {} : { maxRequests }),
    ...(rate === undefined ? {} : { rate }),
  };
}

/** Reads flags, environment and `.env` into one Config, or throws a HarnessError saying what is wrong. */
export function loadConfig(sources: ConfigSources): Readonly<Config> {
  const args = parseCommandLine(sources.argv);
  const src = valueSource(args, sources);
  if (args.help || args.version) {
    const command = args.version ? 'version' : 'help';
    return Object.freeze(defaultsFor(command, args.help ? args.command : undefined, sources));
  }
  checkPositionals(args);
  const warnings: string[] = [];
  const isRun = args.command === 'run';
  const profile = checkProfile(src.pick('profile') ?? 'full');
  const apiKey = src.pick('api-key');
  if (apiKey && apiKey.length < SHORT_SECRET) {
    warnings.push(
      `the API key is shorter than ${SHORT_SECRET} characters: hiding it from every output may blank out ordinary text too`,
    );
  }
  const nowRaw = src.pick('now');
  const timeoutMs = src.int('timeout', DEFAULTS.timeoutMs);
  const config: Config = {
    command: args.command,
    ...(isRun ? targetOf(args, src, profile, warnings) : { allowWrites: false }),
    ...(apiKey ? { apiKey } : {}),
    reportDir: src.pick('report-dir') ?? DEFAULTS.reportDir,
    ...(seedOf(args, src, profile) as Pick<Config, 'seed' | 'seedSource'>),
    runs: src.int('runs', PROFILES[profile].runs),
    profile,
    ...prefixesOf(src.pick('only'), src.pick('skip')),
    ...limitsOf(src, profile),
    concurrency: src.int('concurrency', DEFAULTS.concurrency),
    ...shardOf(src.pick('shard')),
    mergeDirs: args.command === 'merge' ? args.positionals : [],
    ...(nowRaw ? { now: checkDate(nowRaw) } : {}),
    timeoutMs,
    maxDurationMs: src.int('max-duration', 0) * 1000 || PROFILES[profile].timeouts * timeoutMs,
    sunsetWarnDays: src.int('sunset-warn-days', DEFAULTS.sunsetWarnDays),
    port: src.int('port', DEFAULTS.port),
    host: src.pick('host') ?? DEFAULTS.host,
    json: args.values.json === true,
    warnings,
  };
  return Object.freeze(config);
}

/**
 * Where a `run` or `merge` would write its reports, for a command line that is wrong in other
 * ways: the error report then replaces what an earlier run left there. Undefined when the line
 * is not a run's or merge's, or says nothing that can be read.
 */
export function reportDirOf(sources: ConfigSources): string | undefined {
  try {
    const args = parseCommandLine(sources.argv);
    if (args.help || args.version || (args.command !== 'run' && args.command !== 'merge'))
      return undefined;
    return valueSource(args, sources).pick('report-dir') ?? DEFAULTS.reportDir;
  } catch {
    return undefined;
  }
}

/** The Config of `help` and `--version`: nothing else is read or checked. */
function defaultsFor(
  command: 'help' | 'version',
  helpFor: ParsedArgs['command'] | undefined,
  sources: ConfigSources,
): Config {
  // `help` alone (no command word, no command flags) is the top-level help.
  const explicit = sources.argv.some((a) => a === helpFor);
  return {
    command,
    ...(command === 'help' && helpFor && explicit ? { helpFor } : {}),
    reportDir: DEFAULTS.reportDir,
    seed: 0,
    seedSource: 'random',
    profile: 'full',
    only: [],
    skip: [],
    allowWrites: false,
    mergeDirs: [],
    concurrency: DEFAULTS.concurrency,
    runs: PROFILES.full.runs,
    timeoutMs: DEFAULTS.timeoutMs,
    maxDurationMs: PROFILES.full.timeouts * DEFAULTS.timeoutMs,
    sunsetWarnDays: DEFAULTS.sunsetWarnDays,
    json: false,
    port: DEFAULTS.port,
    host: DEFAULTS.host,
    warnings: [],
  };
}
