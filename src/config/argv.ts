import { parseArgs } from 'node:util';
import { HarnessError } from '../base/errors.ts';
import {
  type Command,
  isCommand,
  OPTIONS,
  type OptionName,
  optionsOf,
  SWITCHES,
  type SwitchName,
  switchesOf,
  type ValueOption,
} from './options.ts';

/** What the command line says: the command, its flags, and what help or version it asks for. */
export interface ParsedArgs {
  command: Command;
  /** `--help`, `-h` or `help [COMMAND]`. */
  help: boolean;
  version: boolean;
  values: Partial<Record<OptionName, string>> & Partial<Record<SwitchName, boolean>>;
  positionals: string[];
}

const isValueOption = (name: string): name is OptionName => Object.hasOwn(OPTIONS, name);
const isSwitch = (name: string): name is SwitchName => Object.hasOwn(SWITCHES, name);
const GLOBAL = new Set(['help', 'version']);

const usageError = (message: string, command: Command) =>
  new HarnessError('USAGE', `${message} (see ${command} --help)`);

/** Where the command word is: the first token that is neither a flag nor a flag's value. */
function findCommand(argv: string[]): { word?: string; at: number } {
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '--') return { at: -1 };
    if (token.startsWith('-')) {
      const name = token.replace(/^--?/, '');
      if (isValueOption(name) && !token.includes('=') && !argv[i + 1]?.startsWith('--')) i++;
      continue;
    }
    return { word: token, at: i };
  }
  return { at: -1 };
}

/** `--seed -5` as `--seed=-5`: parseArgs would call a value that starts with `-` ambiguous. */
function joinValues(argv: string[], command: Command): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    const name = token.slice(2);
    if (!token.startsWith('--') || token.includes('=') || !isValueOption(name)) {
      out.push(token);
      continue;
    }
    const next = argv[i + 1];
    if (next === undefined || (next.startsWith('--') && next.length > 2))
      throw usageError(`--${name} needs a value (${OPTIONS[name].arg})`, command);
    out.push(`--${name}=${next}`);
    i++;
  }
  return out;
}

/** Every flag must belong to the command: a flag of another command is named as such. */
function checkFlagsBelong(argv: string[], command: Command): void {
  const own = new Set<string>([...optionsOf(command), ...switchesOf(command), ...GLOBAL]);
  for (const token of argv) {
    if (token === '--') return;
    if (!token.startsWith('-') || token === '-h') continue;
    const name = token.replace(/^--?/, '').split('=')[0] as string;
    if (own.has(name)) continue;
    const known = isValueOption(name) || isSwitch(name);
    const owners = known
      ? (isValueOption(name) ? OPTIONS[name].commands : SWITCHES[name as SwitchName].commands).join(
          ', ',
        )
      : '';
    throw usageError(
      known
        ? `--${name} is an option of ${owners}, not of ${command}`
        : `unknown option '${token.split('=')[0]}'`,
      command,
    );
  }
}

/** `-H` as `--header`: the one-letter flags are spelt out before anything reads the line. */
function longFlags(argv: string[]): string[] {
  const shorts = new Map<string, string>();
  for (const [name, option] of Object.entries(OPTIONS) as [string, { short?: string }][])
    if (option.short) shorts.set(`-${option.short}`, `--${name}`);
  const end = argv.indexOf('--');
  return argv.map((token, i) => (end >= 0 && i > end ? token : (shorts.get(token) ?? token)));
}

/**
 * The command and --report-dir of a line parseCommandLine refuses (an unknown flag, say), read
 * loosely: where such a run's reports go, so an earlier run's verdict there does not stand.
 */
export function looseCommandLine(given: string[]): ParsedArgs | undefined {
  const argv = longFlags(given);
  const word = findCommand(argv).word ?? 'run';
  if (!isCommand(word)) return undefined;
  const at = argv.findIndex((t) => t === '--report-dir' || t.startsWith('--report-dir='));
  const token = argv[at];
  const dir = token?.includes('=') ? token.slice(token.indexOf('=') + 1) : argv[at + 1];
  const values = at >= 0 && dir !== undefined ? { 'report-dir': dir } : {};
  return { command: word, help: false, version: false, values, positionals: [] };
}

/** A repeatable option's values, one a line (as its variable holds them); others as given. */
function joinRepeated(values: Record<string, unknown>): ParsedArgs['values'] {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join('\n') : v]),
  ) as ParsedArgs['values'];
}

/** Reads the command line of one command; throws a one-line HarnessError on anything amiss. */
export function parseCommandLine(given: string[]): ParsedArgs {
  const argv = longFlags(given);
  const found = findCommand(argv);
  let rest = found.at < 0 ? argv : [...argv.slice(0, found.at), ...argv.slice(found.at + 1)];
  let help = false;
  let word = found.word ?? 'run';
  if (word === 'help') {
    // `help` alone, or `help COMMAND`
    help = true;
    const again = findCommand(rest);
    word = again.word ?? 'run';
    if (again.at >= 0) rest = [...rest.slice(0, again.at), ...rest.slice(again.at + 1)];
  }
  if (!isCommand(word)) throw usageError(`unknown command '${word}'`, 'run');
  const command = word;
  const flags = rest.slice(0, rest.includes('--') ? rest.indexOf('--') : undefined);
  const asksHelp = flags.some((t) => t === '--help' || t === '-h');
  if (help || asksHelp || flags.includes('--version')) {
    // Help and the version answer whatever else the line says: that is what they are for.
    return {
      command,
      help: help || asksHelp,
      version: !help && !asksHelp,
      values: {},
      positionals: [],
    };
  }
  const args = joinValues(rest, command);
  checkFlagsBelong(args, command);
  const options = Object.fromEntries([
    ...optionsOf(command).map((n) => [
      n,
      { type: 'string' as const, multiple: (OPTIONS[n] as ValueOption).repeatable === true },
    ]),
    ...switchesOf(command).map((n) => [n, { type: 'boolean' as const }]),
  ]);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      options: {
        ...options,
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs explains itself in one sentence; keep only that.
    throw usageError((error as Error).message.split('\n')[0] as string, command);
  }
  const { help: helpFlag, version, ...values } = parsed.values;
  return {
    command,
    help: help || helpFlag === true,
    version: version === true,
    values: joinRepeated(values),
    positionals: parsed.positionals,
  };
}
