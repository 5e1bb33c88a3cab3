import { HarnessError } from '../base/errors.ts';
import { VERSION_PREFIX } from '../contract/contract.ts';
import { OPTIONS, type OptionName } from './options.ts';
import { isProfileName, PROFILES, type ProfileName } from './profiles.ts';

/**
 * An integer option's value, within the range its table entry allows. `label` names the setting
 * as the user gave it (`--timeout`, `PETSTORE_TIMEOUT_MS in .env`).
 */
export function integerOption(name: OptionName, raw: string, label = `--${name}`): number {
  const range = (OPTIONS[name] as { int?: { min: number; max: number } }).int;
  if (!range) throw new Error(`--${name} is not an integer option`);
  const n = Number(raw.trim());
  if (!/^-?\d+$/.test(raw.trim()) || n < range.min || n > range.max) {
    throw new HarnessError(
      'CONFIG',
      `${label} must be an integer from ${range.min} to ${range.max}, got '${raw}'`,
    );
  }
  return n;
}

export function checkDate(raw: string, label = '--now'): string {
  const date = new Date(`${raw}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== raw
  ) {
    throw new HarnessError('CONFIG', `${label} must be a date as YYYY-MM-DD, got '${raw}'`);
  }
  return raw;
}

export function checkBaseUrl(raw: string, warnings: string[], label = '--base-url'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HarnessError('CONFIG', `${label} '${raw}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HarnessError('CONFIG', `${label} '${raw}' must be an http:// or https:// URL`);
  }
  if (url.search || url.hash)
    throw new HarnessError('CONFIG', `${label} '${raw}' must not carry a query or fragment`);
  const base = raw.replace(/\/+$/, '');
  if (!url.pathname.replace(/\/+$/, '').endsWith(VERSION_PREFIX)) {
    warnings.push(`the base URL does not end in the contract's version prefix ${VERSION_PREFIX}`);
  }
  return base;
}

export function shardOf(raw: string | undefined, label = '--shard'): { shard?: string } {
  if (raw === undefined) return {};
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const [index, count] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || index < 1 || count < 1 || index > count) {
    throw new HarnessError('CONFIG', `${label} must be I/N with 1 <= I <= N, got '${raw}'`);
  }
  return { shard: `${index}/${count}` };
}

export function checkProfile(name: string, label = '--profile'): ProfileName {
  if (isProfileName(name)) return name;
  const from = label === '--profile' ? '' : ` (${label})`;
  throw new HarnessError(
    'CONFIG',
    `unknown profile '${name}'${from}: use ${Object.keys(PROFILES).join(', ')}`,
  );
}

/**
 * Check id prefixes from a comma-separated list. Whether each names a check is asked later
 * (checks/selection.ts): the catalog is heavy, and the suites' worker starts before it loads.
 */
export function prefixesOf(only: string | undefined, skip: string | undefined) {
  const split = (raw: string | undefined) =>
    (raw ?? '')
      .split(',')
      .map((p) => p.trim().toUpperCase())
      .filter(Boolean);
  return { only: split(only), skip: split(skip) };
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * The base URL (a flag, or the variable --env names) and whether it is production's:
 * PETSTORE_BASE_URL is production's base address, PETSTORE_STAGING_BASE_URL staging's.
 */
export function resolveTarget(
  flag: string | undefined,
  env: string | undefined,
  variable: (name: string) => string | undefined,
  envLabel = '--env',
) {
  if (env !== undefined && env !== 'production' && env !== 'staging') {
    throw new HarnessError('CONFIG', `unknown ${envLabel} '${env}': use production or staging`);
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
