import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessError } from '../base/errors.ts';
import { nearest } from '../base/nearest.ts';
import { OPTIONS, type OptionName } from './options.ts';

export const CONFIG_FILE = 'petstore-conformance.config.json';
/** The key of package.json that holds the same settings. */
export const PACKAGE_KEY = 'petstore-conformance';

/** Settings kept in the repository: each option by its flag's name, values as text. */
export interface ConfigFile {
  /** How messages name it: `petstore-conformance.config.json` or `package.json "petstore-conformance"`. */
  label: string;
  values: Partial<Record<OptionName, string>>;
}

// A key kept in a repository is a key leaked: it belongs in the environment or a secret store.
const NOT_IN_A_FILE = new Set<string>(['api-key']);

const bad = (label: string, message: string) => new HarnessError('CONFIG', `${label}: ${message}`);

/** One setting's value as the text a flag would carry: a list of ids or headers is joined. */
function asText(label: string, key: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.join(key === 'header' ? '\n' : ',');
  throw bad(
    label,
    `"${key}" must be a string or a number${key === 'only' || key === 'skip' || key === 'header' ? ' or a list of strings' : ''}, got ${JSON.stringify(value)}`,
  );
}

/** Checks every key as a flag would be: an unknown one is named, with the nearest known. */
function validate(label: string, raw: unknown): ConfigFile['values'] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad(label, 'must be a JSON object of settings, e.g. { "profile": "ci" }');
  const values: ConfigFile['values'] = {};
  for (const [key, value] of Object.entries(raw)) {
    if (NOT_IN_A_FILE.has(key))
      throw bad(
        label,
        `"${key}" does not belong in a file kept in a repository: set PETSTORE_API_KEY in the environment`,
      );
    if (!Object.hasOwn(OPTIONS, key)) {
      const near = nearest(key, Object.keys(OPTIONS));
      throw bad(label, `unknown setting "${key}"${near ? `: did you mean "${near}"?` : ''}`);
    }
    values[key as OptionName] = asText(label, key, value);
  }
  return values;
}

function parse(path: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw bad(label, `not valid JSON (${(error as Error).message.split('\n')[0]})`);
  }
}

/**
 * The settings of petstore-conformance.config.json in `dir`, else of package.json's
 * "petstore-conformance" key; undefined when neither is there.
 */
export function readConfigFile(dir: string | undefined): ConfigFile | undefined {
  if (!dir) return undefined;
  const own = join(dir, CONFIG_FILE);
  if (existsSync(own))
    return { label: CONFIG_FILE, values: validate(CONFIG_FILE, parse(own, CONFIG_FILE)) };
  const pkg = join(dir, 'package.json');
  if (!existsSync(pkg)) return undefined;
  const settings = (parse(pkg, 'package.json') as Record<string, unknown> | null)?.[PACKAGE_KEY];
  if (settings === undefined) return undefined;
  const label = `package.json "${PACKAGE_KEY}"`;
  return { label, values: validate(label, settings) };
}
