/** The commands, what each does, and the options each takes: the one table help and parsing share. */

export type Command = 'run' | 'serve' | 'list-checks' | 'merge';

/**
 * An option that takes a value; `int`: it must be an integer in that range; `repeatable`: given
 * again, it adds a value (its variable holds one a line); `short`: its one-letter flag.
 */
export interface ValueOption {
  env: string;
  arg: string;
  help: string;
  commands: readonly Command[];
  int?: { min: number; max: number };
  repeatable?: true;
  short?: string;
}

/** Every option that takes a value: its flag, the variable behind it, and what it means. */
export const OPTIONS = {
  'base-url': {
    env: 'PETSTORE_BASE_URL',
    arg: 'URL',
    help: 'Base URL of the target, ending in /v1. None: start the embedded reference server.',
    commands: ['run'],
  },
  'api-key': {
    env: 'PETSTORE_API_KEY',
    arg: 'KEY',
    help: 'API key sent as a bearer token. Required with --base-url (serve: the key it accepts).',
    commands: ['run', 'serve'],
  },
  profile: {
    env: 'PETSTORE_PROFILE',
    arg: 'NAME',
    help: 'ci, full (default), certify or probe (see Profiles below).',
    commands: ['run'],
  },
  env: {
    env: 'PETSTORE_ENV',
    arg: 'NAME',
    help: 'production or staging: take the base URL from PETSTORE_BASE_URL or PETSTORE_STAGING_BASE_URL.',
    commands: ['run'],
  },
  only: {
    env: 'PETSTORE_ONLY',
    arg: 'IDS',
    help: 'Run only checks whose id starts with one of these (comma-separated).',
    commands: ['run'],
  },
  skip: {
    env: 'PETSTORE_SKIP',
    arg: 'IDS',
    help: 'Leave out checks whose id starts with one of these (comma-separated).',
    commands: ['run'],
  },
  'max-requests': {
    env: 'PETSTORE_MAX_REQUESTS',
    arg: 'N',
    help: 'Send at most N requests; checks left without budget are skipped (probe default 200).',
    commands: ['run'],
    int: { min: 2, max: 10_000_000 },
  },
  rate: {
    env: 'PETSTORE_RATE',
    arg: 'N',
    help: 'Send at most N requests per second (probe default 5).',
    commands: ['run'],
    int: { min: 1, max: 100_000 },
  },
  header: {
    env: 'PETSTORE_HEADERS',
    arg: 'NAME:VALUE',
    help: 'Send this header with every request (-H for short; repeat for more; the variable holds one a line). Values are secrets, hidden like the key, unless --header-public.',
    commands: ['run'],
    repeatable: true,
    short: 'H',
  },
  'ca-file': {
    env: 'PETSTORE_CA_FILE',
    arg: 'PATH',
    help: "PEM file of the certificate authorities to trust for the target's certificate (a private CA), instead of the system's, as curl's --cacert.",
    commands: ['run'],
  },
  cert: {
    env: 'PETSTORE_CERT',
    arg: 'PATH',
    help: 'PEM file of a client certificate, for a gateway that asks for one (mTLS); with --key-file.',
    commands: ['run'],
  },
  'key-file': {
    env: 'PETSTORE_KEY_FILE',
    arg: 'PATH',
    help: "PEM file of the client certificate's private key (with --cert).",
    commands: ['run'],
  },
  shard: {
    env: 'PETSTORE_SHARD',
    arg: 'I/N',
    help: 'Run shard I of N (every N-th suite from the I-th); join the shards with merge.',
    commands: ['run'],
  },
  'report-dir': {
    env: 'PETSTORE_REPORT_DIR',
    arg: 'DIR',
    help: 'Where reports are written (default reports/).',
    commands: ['run', 'merge'],
  },
  report: {
    env: 'PETSTORE_REPORT',
    arg: 'LIST',
    help: 'Reports to write, comma-separated: json, junit, markdown, html, har, metrics (default: all); NAME=PATH writes one to its own path. report.json is always written.',
    commands: ['run', 'merge'],
  },
  seed: {
    env: 'PETSTORE_SEED',
    arg: 'N',
    help: 'Seed of the generated inputs; the same seed sends the same requests (default: random, printed).',
    commands: ['run'],
    int: { min: 0, max: 2 ** 32 - 1 },
  },
  runs: {
    env: 'PETSTORE_RUNS',
    arg: 'N',
    help: "fast-check runs per property (default: the profile's).",
    commands: ['run'],
    int: { min: 1, max: 100_000 },
  },
  now: {
    env: 'PETSTORE_NOW',
    arg: 'YYYY-MM-DD',
    help: 'The date the sunset checks (serve: the server) take as today.',
    commands: ['run', 'serve'],
  },
  'sunset-warn-days': {
    env: 'PETSTORE_SUNSET_WARN_DAYS',
    arg: 'N',
    help: 'Warn this many days before the getPet sunset (default 180).',
    commands: ['run'],
    int: { min: 0, max: 36_500 },
  },
  'list-lag': {
    env: 'PETSTORE_LIST_LAG',
    arg: 'S',
    help: 'How long after a write a listing may not show it yet, in seconds: an empty page while pets exist is asked again once this much has passed (default 15; the contract says nothing of freshness).',
    commands: ['run'],
    int: { min: 0, max: 600 },
  },
  'max-body': {
    env: 'PETSTORE_MAX_BODY',
    arg: 'MIB',
    help: 'Largest answer body held and judged, in MiB (default 4): one that ends past it, within four times as much, is too large to judge (the run is inconclusive); names are sent as long as their echo fits.',
    commands: ['run'],
    int: { min: 1, max: 256 },
  },
  concurrency: {
    env: 'PETSTORE_CONCURRENCY',
    arg: 'N',
    help: 'Requests in flight to the target at once, at most (default 32); as many checks at once.',
    commands: ['run'],
    int: { min: 1, max: 64 },
  },
  'max-duration': {
    env: 'PETSTORE_MAX_DURATION',
    arg: 'S',
    help: "The run's time budget in seconds: past it no request starts and the checks left are skipped (default: the profile's multiple of --timeout).",
    commands: ['run'],
    int: { min: 1, max: 604_800 },
  },
  timeout: {
    env: 'PETSTORE_TIMEOUT_MS',
    arg: 'MS',
    help: 'Deadline of each request in milliseconds (default 5000).',
    commands: ['run'],
    int: { min: 1, max: 600_000 },
  },
  'wait-for-target': {
    env: 'PETSTORE_WAIT_FOR_TARGET',
    arg: 'S',
    help: 'Wait up to S seconds for the target to answer (refused, unresolved, or a 502/503/504), trying every half second: for a service started in the background (default 0: no wait).',
    commands: ['run'],
    int: { min: 0, max: 3600 },
  },
  'max-failures': {
    env: 'PETSTORE_MAX_FAILURES',
    arg: 'N',
    help: 'Stop after N failed checks and report what was judged, marked partial (default: run every check).',
    commands: ['run'],
    int: { min: 1, max: 100_000 },
  },
  port: {
    env: 'PETSTORE_PORT',
    arg: 'N',
    help: 'Port to listen on (default 8080; 0 picks a free one).',
    commands: ['serve'],
    int: { min: 0, max: 65_535 },
  },
  host: {
    env: 'PETSTORE_HOST',
    arg: 'HOST',
    help: 'Address to listen on (default 127.0.0.1).',
    commands: ['serve'],
  },
} as const satisfies Record<string, ValueOption>;
export type OptionName = keyof typeof OPTIONS;

/** Options that take no value (no variable behind them: a switch is said on the command line). */
export const SWITCHES = {
  'allow-writes': {
    help: 'Let a writing profile run against the production base URL.',
    commands: ['run'],
  },
  'header-public': {
    help: 'Show the --header values in the reports and curl lines (they are not secrets).',
    commands: ['run'],
  },
  insecure: {
    help: "Do not verify the target's TLS certificate (every run then says so). Prefer --ca-file.",
    commands: ['run'],
  },
  bail: { help: 'Stop at the first failed check: --max-failures 1.', commands: ['run'] },
  json: { help: 'Print the catalog as JSON.', commands: ['list-checks'] },
} as const satisfies Record<string, { help: string; commands: readonly Command[] }>;
export type SwitchName = keyof typeof SWITCHES;

/** What each command does, and its positional arguments, for help. */
export const COMMANDS: Record<Command, { summary: string; positionals?: string }> = {
  run: { summary: 'check a Petstore service against the contract (the default command)' },
  serve: { summary: 'run the embedded reference server on its own' },
  'list-checks': { summary: 'print the check catalog: id, level, operation, clause' },
  merge: {
    summary: 'join the report folders of --shard runs into one set of reports',
    positionals: 'DIR...',
  },
};

export const isCommand = (name: string): name is Command => Object.hasOwn(COMMANDS, name);

export const DEFAULTS = {
  profile: 'full',
  reportDir: 'reports',
  runs: 25,
  timeoutMs: 5000,
  // Enough for a target 20 ms away to cost ci at most 1.6x its wall on loopback (16: 1.8x;
  // bench/results.json); a few dozen requests in flight are well within what a staging service
  // serves. The probe profile keeps its own rate, and runs one check at a time under its budget.
  concurrency: 32,
  sunsetWarnDays: 180,
  listLagS: 15,
  maxBodyMiB: 4,
  port: 8080,
  host: '127.0.0.1',
} as const;

/** The value options of one command. */
export const optionsOf = (command: Command): OptionName[] =>
  (Object.keys(OPTIONS) as OptionName[]).filter((n) =>
    (OPTIONS[n].commands as readonly Command[]).includes(command),
  );

/** The switches of one command. */
export const switchesOf = (command: Command): SwitchName[] =>
  (Object.keys(SWITCHES) as SwitchName[]).filter((n) =>
    (SWITCHES[n].commands as readonly Command[]).includes(command),
  );
