import { HarnessError } from '../base/errors.ts';
import type { Connection } from '../http/client.ts';
import { SHORT_SECRET } from '../http/redaction.ts';
import { looseCommandLine, type ParsedArgs, parseCommandLine } from './argv.ts';
import { parseHeaders } from './headers.ts';
import { DEFAULTS } from './options.ts';
import { PROFILES, type ProfileName } from './profiles.ts';
import { type ReportFile, reportPaths } from './reports.ts';
import { type ConfigSources, type Source, valueSource } from './sources.ts';
import { tlsOf } from './tls.ts';
import { unknownVariableWarnings } from './unknown-variables.ts';

import {
  checkBaseUrl,
  checkDate,
  checkProfile,
  prefixesOf,
  resolveTarget,
  shardOf,
} from './validate.ts';

const MiB = 1024 * 1024;

export { commandUsage, usage } from './help.ts';
export { DEFAULTS, OPTIONS } from './options.ts';
export type { ConfigSources } from './sources.ts';

export type Command = ParsedArgs['command'] | 'help' | 'version';

/** One validated, frozen configuration: flags override the environment, which overrides `.env`. */
export interface Config {
  command: Command;
  /** `help` only: the command whose help was asked for (none: the top-level help). */
  helpFor?: ParsedArgs['command'];
  /** Absent: run against the embedded reference server. */
  baseUrl?: string;
  apiKey?: string;
  /** Where the key came from, as a message names it: `--api-key`, `PETSTORE_API_KEY in .env`. */
  apiKeyFrom?: string;
  reportDir: string;
  /** Each report to write and its path: every format in reportDir, unless --report chose. */
  reports: Partial<Record<ReportFile, string>>;
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
  /** Extra headers (-H) and TLS settings every request of the run carries. */
  connection: Connection;
  /** Values hidden from every output like the key: the -H values, unless --header-public. */
  secrets: string[];
  /** How long the preflight waits for a target that is not up yet (--wait-for-target). */
  waitForTargetMs: number;
  /** Stop after this many failed checks (--max-failures, --bail); undefined: run them all. */
  maxFailures?: number;
  runs: number;
  /** `YYYY-MM-DD` the sunset checks take as today, when given. */
  now?: string;
  timeoutMs: number;
  /** The run's time budget: past it no request starts. */
  maxDurationMs: number;
  sunsetWarnDays: number;
  /** How long a listing may lag behind a write (--list-lag). */
  listLagMs: number;
  /** Largest answer body held and judged, in bytes (--max-body, given in MiB). */
  maxBodyBytes: number;
  /** `list-checks` only: print JSON. */
  json: boolean;
  /** `serve` only. */
  port: number;
  host: string;
  /** Things worth saying that do not stop the run. */
  warnings: string[];
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

/** The target, key and write guard of `run`. */
function targetOf(args: ParsedArgs, src: Source, profile: ProfileName, warnings: string[]) {
  const env = src.pick('env');
  const target = resolveTarget(args.values['base-url'], env, src.variable, src.label('env'));
  // The staging URL comes from its own variable; a production one as the base-url option says.
  const urlLabel =
    args.values['base-url'] === undefined && env === 'staging'
      ? 'PETSTORE_STAGING_BASE_URL'
      : src.label('base-url');
  const baseUrl =
    target.url === undefined ? undefined : checkBaseUrl(target.url, warnings, urlLabel);
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
    return { seed: src.int('seed', 0), seedSource: args.values.seed ? 'flag' : 'env' };
  if (fixed !== undefined) return { seed: fixed, seedSource: 'profile' };
  return { seed: Math.floor(Math.random() * 2 ** 31), seedSource: 'random' };
}

function reportsOf(src: Source) {
  const reportDir = src.pick('report-dir') ?? DEFAULTS.reportDir;
  return { reportDir, reports: reportPaths(src.pick('report'), reportDir, src.label('report')) };
}

/** The -H headers and TLS settings of a run, and the values to hide like the key. */
function connectionOf(
  args: ParsedArgs,
  src: Source,
  baseUrl: string | undefined,
  warnings: string[],
) {
  const isPublic = args.values['header-public'] === true;
  const { headers, secrets } = parseHeaders(src.pick('header'), src.label('header'), isPublic);
  if (secrets.some((value) => value.length < SHORT_SECRET))
    warnings.push(
      `a --header value shorter than ${SHORT_SECRET} characters is hidden only where it stands whole, and may blank ordinary text too: add --header-public if it is no secret`,
    );
  const tls = tlsOf(src, args.values.insecure === true, baseUrl, warnings);
  const connection: Connection = {
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(tls ? { tls } : {}),
  };
  return { connection, secrets };
}

/** --bail is --max-failures 1; both at once would say two things. */
function maxFailuresOf(args: ParsedArgs, src: Source): { maxFailures?: number } {
  const bail = args.values.bail === true;
  if (bail && src.pick('max-failures') !== undefined)
    throw new HarnessError(
      'USAGE',
      '--bail is --max-failures 1: give one of them (see run --help)',
    );
  if (bail) return { maxFailures: 1 };
  const max = src.int('max-failures', 0);
  return max ? { maxFailures: max } : {};
}

function limitsOf(src: Source, profile: ProfileName) {
  const defaults = PROFILES[profile] as { maxRequests?: number; rate?: number };
  const maxRequests =
    src.pick('max-requests') === undefined ? defaults.maxRequests : src.int('max-requests', 0);
  const rate = src.pick('rate') === undefined ? defaults.rate : src.int('rate', 0);
  return {
    ...(maxRequests === undefined ? {} : { maxRequests }),
    ...(rate === undefined ? {} : { rate }),
  };
}

/** Reads flags, environment, `.env` and the config file into one Config, or throws a HarnessError saying what is wrong. */
export function loadConfig(sources: ConfigSources): Readonly<Config> {
  const args = parseCommandLine(sources.argv);
  const src = valueSource(args, sources);
  if (args.help || args.version) {
    const command = args.version ? 'version' : 'help';
    return Object.freeze(defaultsFor(command, args.help ? args.command : undefined, sources));
  }
  checkPositionals(args);
  const warnings = unknownVariableWarnings(sources.env, src.dotenv);
  const isRun = args.command === 'run';
  const profile = checkProfile(src.pick('profile') ?? DEFAULTS.profile, src.label('profile'));
  const apiKey = src.pick('api-key');
  if (apiKey && apiKey.length < SHORT_SECRET) {
    warnings.push(
      `the API key is shorter than ${SHORT_SECRET} characters: hiding it from every output may blank out ordinary text too`,
    );
  }
  const nowRaw = src.pick('now');
  const timeoutMs = src.int('timeout', DEFAULTS.timeoutMs);
  const target = isRun ? targetOf(args, src, profile, warnings) : { allowWrites: false };
  const config: Config = {
    command: args.command,
    ...target,
    ...connectionOf(args, src, target.baseUrl, warnings),
    ...(apiKey ? { apiKey, apiKeyFrom: src.label('api-key') } : {}),
    ...reportsOf(src),
    ...(seedOf(args, src, profile) as Pick<Config, 'seed' | 'seedSource'>),
    runs: src.int('runs', PROFILES[profile].runs),
    profile,
    ...prefixesOf(src.pick('only'), src.pick('skip')),
    ...limitsOf(src, profile),
    concurrency: src.int('concurrency', DEFAULTS.concurrency),
    ...maxFailuresOf(args, src),
    waitForTargetMs: src.int('wait-for-target', 0) * 1000,
    ...shardOf(src.pick('shard'), src.label('shard')),
    mergeDirs: args.command === 'merge' ? args.positionals : [],
    ...(nowRaw ? { now: checkDate(nowRaw, src.label('now')) } : {}),
    timeoutMs,
    maxDurationMs: src.int('max-duration', 0) * 1000 || PROFILES[profile].timeouts * timeoutMs,
    sunsetWarnDays: src.int('sunset-warn-days', DEFAULTS.sunsetWarnDays),
    listLagMs: src.int('list-lag', DEFAULTS.listLagS) * 1000,
    maxBodyBytes: src.int('max-body', DEFAULTS.maxBodyMiB) * MiB,
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
  let args: ParsedArgs;
  try {
    args = parseCommandLine(sources.argv);
  } catch {
    // A line that does not parse (an unknown flag, say) still names where its reports go: an
    // old report there must not stand for this run.
    const lenient = looseCommandLine(sources.argv);
    if (!lenient) return undefined;
    args = lenient;
  }
  if (args.help || args.version || (args.command !== 'run' && args.command !== 'merge'))
    return undefined;
  try {
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
    reports: reportPaths(undefined, DEFAULTS.reportDir, '--report'),
    seed: 0,
    seedSource: 'random',
    profile: 'full',
    only: [],
    skip: [],
    allowWrites: false,
    mergeDirs: [],
    connection: {},
    secrets: [],
    waitForTargetMs: 0,
    concurrency: DEFAULTS.concurrency,
    runs: PROFILES.full.runs,
    timeoutMs: DEFAULTS.timeoutMs,
    maxDurationMs: PROFILES.full.timeouts * DEFAULTS.timeoutMs,
    sunsetWarnDays: DEFAULTS.sunsetWarnDays,
    listLagMs: DEFAULTS.listLagS * 1000,
    maxBodyBytes: DEFAULTS.maxBodyMiB * MiB,
    json: false,
    port: DEFAULTS.port,
    host: DEFAULTS.host,
    warnings: [],
  };
}
