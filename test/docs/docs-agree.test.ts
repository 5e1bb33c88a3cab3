import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLAUSES } from '../../src/checks/clauses.ts';
import { loadConfig, OPTIONS } from '../../src/config/config.ts';
import { SWITCHES } from '../../src/config/options.ts';
import { PROFILES } from '../../src/config/profiles.ts';
import { OTHER_VARIABLES } from '../../src/config/unknown-variables.ts';
import { runCli } from '../support/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Row {
  flags: string[];
  variables: string[];
  byDefault: string;
  meaning: string;
}

/** The rows of the Markdown table whose header starts with `| Flag |`. */
function flagTable(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Flag |'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [flag = '', variable = '', byDefault = '', meaning = ''] = line
      .split(' | ')
      .map((c) => c.replace(/^\| /, ''));
    rows.push({
      flags: [...flag.matchAll(/--([a-z-]+)/g)].map((m) => m[1] as string),
      variables: [...variable.matchAll(/PETSTORE_[A-Z_]+/g)].map((m) => m[0]),
      byDefault,
      meaning,
    });
  }
  return rows;
}

/** What the CLI does with nothing set: the default of each option, as a run and serve take it. */
function cliDefaults(): Record<string, string> {
  const run = loadConfig({ argv: [], env: {} });
  const serve = loadConfig({ argv: ['serve'], env: {} });
  return {
    profile: run.profile,
    'report-dir': run.reportDir,
    concurrency: String(run.concurrency),
    timeout: String(run.timeoutMs),
    'sunset-warn-days': String(run.sunsetWarnDays),
    'list-lag': String(run.listLagMs / 1000),
    'max-body': String(run.maxBodyBytes / 2 ** 20),
    'wait-for-target': String(run.waitForTargetMs / 1000),
    port: String(serve.port),
    host: serve.host,
  };
}

const RUN_SWITCHES = Object.entries(SWITCHES)
  .filter(([, s]) => (s.commands as readonly string[]).includes('run'))
  .map(([name]) => name);

describe('the docs say what the CLI does', () => {
  const readme = flagTable(read('README.md'));

  it("README's option table has a row for every option and switch, with its variable, and no other", () => {
    for (const [name, option] of Object.entries(OPTIONS)) {
      const row = readme.find((r) => r.flags.includes(name));
      expect(row, `--${name}`).toBeDefined();
      expect(row?.variables, `--${name}`).toContain(option.env);
    }
    for (const name of RUN_SWITCHES)
      expect(
        readme.some((r) => r.flags.includes(name)),
        `--${name}`,
      ).toBe(true);
    const known = new Set([...Object.keys(OPTIONS), ...Object.keys(SWITCHES)]);
    for (const row of readme)
      for (const flag of row.flags) expect(known.has(flag), `--${flag} in README`).toBe(true);
  });

  it.each(['README.md', 'docs/ci.md'])('%s: every default in a flag table is the CLI’s', (file) => {
    const defaults = cliDefaults();
    for (const row of flagTable(read(file))) {
      for (const flag of row.flags) {
        if (defaults[flag] === undefined) continue;
        expect(row.byDefault, `${file}: --${flag}`).toBe(`\`${defaults[flag]}\``);
      }
    }
  });

  it.each(['README.md', 'docs/ci.md'])(
    '%s: every range a flag row states is the one the CLI enforces',
    (file) => {
      for (const row of flagTable(read(file))) {
        const range = (
          OPTIONS[row.flags[0] as keyof typeof OPTIONS] as
            | { int?: { min: number; max: number } }
            | undefined
        )?.int;
        for (const [, min, max] of row.meaning.matchAll(/\((\d+) to (\d+)\)/g)) {
          expect(range, `--${row.flags[0]}`).toEqual({ min: Number(min), max: Number(max) });
        }
      }
    },
  );

  it("README's profile, budget and time rows are the profiles' numbers", () => {
    const cell = (flag: string) => readme.find((r) => r.flags.includes(flag)) as Row;
    const profiles = cell('profile').meaning;
    expect(profiles).toContain(
      `\`ci\` (fixed seed ${PROFILES.ci.defaultSeed}, ${PROFILES.ci.runs} runs)`,
    );
    expect(profiles).toContain(`\`full\` (${PROFILES.full.runs} runs)`);
    expect(profiles).toContain(`\`certify\` (${PROFILES.certify.runs} runs)`);
    expect(cell('max-requests').byDefault).toBe(`probe: ${PROFILES.probe.maxRequests}`);
    expect(cell('rate').byDefault).toBe(`probe: ${PROFILES.probe.rate}`);
    expect(cell('max-duration').byDefault).toBe(
      `the profile's: ${PROFILES.ci.timeouts} × \`--timeout\` (\`ci\`, \`probe\`), ${PROFILES.full.timeouts} × (\`full\`), ${PROFILES.certify.timeouts} × (\`certify\`)`,
    );
  });

  it('--help: every "(default N)" an option names is the CLI’s default', () => {
    const defaults = cliDefaults();
    for (const [name, option] of Object.entries(OPTIONS)) {
      const named = /\(default (\d+)[;:)]/.exec(option.help)?.[1];
      if (named !== undefined && name in defaults) expect(named, name).toBe(defaults[name]);
    }
  });

  it('.env.example: every value it sets, and every default it names, is the CLI’s default', () => {
    const example = read('.env.example');
    const defaults = cliDefaults();
    const byVariable = Object.fromEntries(
      Object.entries(OPTIONS).map(([name, o]) => [o.env, name]),
    );
    for (const [, variable, value] of example.matchAll(/^(PETSTORE_[A-Z_]+)=(.*)$/gm)) {
      const flag = byVariable[variable as string];
      const other = (OTHER_VARIABLES as readonly string[]).includes(variable as string);
      expect(flag !== undefined || other, `${variable} is a variable of the harness`).toBe(true);
      if (flag && value !== '') expect(value, variable).toBe(defaults[flag]);
    }
    for (const variable of Object.keys(byVariable)) expect(example).toContain(`${variable}=`);
    // "(default 32)" in a comment names the default of the variable below it.
    for (const [, number, variable] of example.matchAll(
      /default (\d+)[^\n]*\n(?:#[^\n]*\n)*(PETSTORE_[A-Z_]+)=/g,
    )) {
      expect(number, variable).toBe(defaults[byVariable[variable as string] as string]);
    }
    const duration =
      /Default: (\d+) x the timeout \(ci, probe\), (\d+) x \(full\),\s*#?\s*(\d+) x \(certify\)/.exec(
        example,
      );
    expect(duration?.slice(1).map(Number)).toEqual([
      PROFILES.ci.timeouts,
      PROFILES.full.timeouts,
      PROFILES.certify.timeouts,
    ]);
  });

  it('the check and clause counts the README states are what list-checks prints', async () => {
    const result = await runCli(['list-checks', '--json'], { reportDir: false });
    const listed = JSON.parse(result.stdout) as { clauses: number; checks: unknown[] };
    expect(listed.clauses).toBe(Object.keys(CLAUSES).length);
    const stated = /(\d+) checks over the\s+(\d+) clauses/.exec(read('README.md'));
    expect(stated?.slice(1).map(Number)).toEqual([listed.checks.length, listed.clauses]);
  });

  it("docs/ci.md's action inputs table states action.yml's defaults", () => {
    const action = parse(read('action.yml')) as { inputs: Record<string, { default?: string }> };
    const rows = read('docs/ci.md')
      .split('\n')
      .filter((l) => /^\| `[a-z-]+` \|/.test(l));
    for (const [name, input] of Object.entries(action.inputs)) {
      const row = rows.find((r) => r.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      if (input.default) expect(row, name).toContain(`\`${input.default}\``);
    }
  });
});
