import {
  COMMANDS,
  type Command,
  DEFAULTS,
  OPTIONS,
  optionsOf,
  SWITCHES,
  switchesOf,
} from './options.ts';
import { PROFILES } from './profiles.ts';

const EXIT_CODES = [
  'Exit codes: 0 conformant (MUST checks were judged and none failed), 1 a MUST check failed,',
  '2 the harness could not run (bad input, unreachable target, refused key, wrong base URL) or',
  'the run was inconclusive: it judged no MUST check (a selection that leaves nothing, every check',
  'skipped); report.json then says "verdict": "inconclusive". Exit 2 always says why on stderr.',
  '130 interrupted by Ctrl-C (143: SIGTERM): what was judged is written as a partial report',
  '("partial" in report.json). --max-failures stops early too, with its verdict\'s exit code.',
].join('\n');
const NAME = 'petstore-conformance';

function optionRows(command: Command): string[] {
  const values = optionsOf(command).map((name) => {
    const o = OPTIONS[name];
    return `  --${`${name} ${o.arg}`.padEnd(24)} ${o.help} [${o.env}]`;
  });
  const switches = switchesOf(command).map(
    (name) => `  --${name.padEnd(24)} ${SWITCHES[name].help}`,
  );
  return [...values, ...switches, `  --${'help'.padEnd(24)} show this text`];
}

/** Each profile's defaults, from PROFILES, so help cannot drift from what a run does. */
export function profileRows(): string[] {
  return Object.entries(PROFILES).map(([name, p]) => {
    const q = p as {
      runs: number;
      writes: boolean;
      defaultSeed?: number;
      maxRequests?: number;
      rate?: number;
    };
    const parts = [
      `runs ${q.runs}`,
      q.defaultSeed === undefined ? 'random seed' : `seed ${q.defaultSeed}`,
      q.writes ? 'creates pets' : 'read-only (never POSTs)',
      ...(q.maxRequests ? [`max-requests ${q.maxRequests}`] : []),
      ...(q.rate ? [`rate ${q.rate}/s`] : []),
    ];
    return `  ${name.padEnd(9)} ${parts.join(', ')}${name === 'full' ? ' (default)' : ''}`;
  });
}

/** Help for one command: its own options only. */
export function commandUsage(command: Command): string {
  const { summary, positionals } = COMMANDS[command];
  return [
    `Usage: ${NAME} ${command}${positionals ? ` ${positionals}` : ''} [options]`,
    '',
    `${command}: ${summary}.`,
    '',
    'Options (flags override environment variables, which override .env):',
    ...optionRows(command),
    ...(command === 'run' ? ['', 'Profiles:', ...profileRows()] : []),
    ...(command === 'run' || command === 'merge' ? ['', EXIT_CODES] : []),
  ].join('\n');
}

/** The top-level help: the commands, then each command's options, generated from the table. */
export function usage(): string {
  const commands = (Object.keys(COMMANDS) as Command[]).map(
    (c) =>
      `  ${`${c}${COMMANDS[c].positionals ? ` ${COMMANDS[c].positionals}` : ''}`.padEnd(16)} ${COMMANDS[c].summary}`,
  );
  const perCommand = (Object.keys(COMMANDS) as Command[]).flatMap((c) => [
    '',
    `${c} options:`,
    ...optionRows(c).slice(0, -1),
  ]);
  return [
    `Usage: ${NAME} [COMMAND] [options]     (${NAME} COMMAND --help: that command's options)`,
    '',
    'Commands:',
    ...commands,
    ...perCommand,
    '',
    'Profiles (run --profile):',
    ...profileRows(),
    '',
    `Defaults: report dir ${DEFAULTS.reportDir}/, timeout ${DEFAULTS.timeoutMs} ms, concurrency ${DEFAULTS.concurrency}.`,
    'Colour on a terminal; NO_COLOR=1 turns it off, FORCE_COLOR=1 forces it (off in CI logs).',
    `  --${'version'.padEnd(24)} print the version`,
    `  --${'help'.padEnd(24)} show this text`,
    '',
    EXIT_CODES,
  ].join('\n');
}
