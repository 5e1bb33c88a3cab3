import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import type { ParsedArgs } from './argv.ts';
import { type ConfigFile, readConfigFile } from './config-file.ts';
import { OPTIONS, type OptionName, optionsOf } from './options.ts';
import { integerOption } from './validate.ts';

/** Where a value came from, the strongest first: flags, then environment, then .env, then the file. */
export type Origin = 'flag' | 'env' | 'dotenv' | 'file';

export interface ConfigSources {
  argv: string[];
  env: Record<string, string | undefined>;
  /** Path of the `.env` file; missing is fine. */
  dotenvPath?: string;
  /** Folder of petstore-conformance.config.json or package.json; none: no config file is read. */
  configDir?: string;
}

function readDotenv(path: string | undefined): Record<string, string> {
  if (!path || !existsSync(path)) return {};
  return parseDotenv(readFileSync(path, 'utf8'));
}

/** A value and where it came from. */
export interface Sourced {
  value: string;
  origin: Origin;
}

/** How an error names a setting: as the user wrote it, where they wrote it. */
export function labelOf(name: OptionName, origin: Origin, file?: ConfigFile): string {
  const variable = OPTIONS[name].env;
  if (origin === 'flag') return `--${name}`;
  if (origin === 'env') return `${variable} (environment)`;
  if (origin === 'dotenv') return `${variable} in .env`;
  return `"${name}" in ${file?.label ?? 'the config file'}`;
}

/**
 * The value of each of the command's own options, from the strongest source that sets it:
 * flag, environment, `.env`, config file. An empty value counts as unset.
 */
export function valueSource(args: ParsedArgs, sources: ConfigSources) {
  const dotenv = readDotenv(sources.dotenvPath);
  const file = readConfigFile(sources.configDir);
  const own = new Set<OptionName>(optionsOf(args.command));
  const fromVariables = (variable: string): Sourced | undefined => {
    if (sources.env[variable]) return { value: sources.env[variable] as string, origin: 'env' };
    if (dotenv[variable]) return { value: dotenv[variable], origin: 'dotenv' };
    return undefined;
  };
  const sourced = (name: OptionName): Sourced | undefined => {
    if (!own.has(name)) return undefined;
    const flag = args.values[name];
    if (flag !== undefined) return flag === '' ? undefined : { value: flag, origin: 'flag' };
    const found = fromVariables(OPTIONS[name].env);
    if (found) return found;
    const inFile = file?.values[name];
    return inFile ? { value: inFile, origin: 'file' } : undefined;
  };
  const label = (name: OptionName) => labelOf(name, sourced(name)?.origin ?? 'flag', file);
  return {
    sourced,
    pick: (name: OptionName) => sourced(name)?.value,
    label,
    /** An integer option, checked against its range and named as given when it is out of it. */
    int: (name: OptionName, fallback: number) => {
      const raw = sourced(name)?.value;
      return raw === undefined ? fallback : integerOption(name, raw, label(name));
    },
    /** A variable by its name, else the config file's setting of the option behind it. */
    variable: (variable: string) => {
      const option = (Object.keys(OPTIONS) as OptionName[]).find(
        (n) => OPTIONS[n].env === variable,
      );
      return fromVariables(variable)?.value ?? (option ? file?.values[option] : undefined);
    },
    dotenv,
    file,
  };
}

export type Source = ReturnType<typeof valueSource>;
