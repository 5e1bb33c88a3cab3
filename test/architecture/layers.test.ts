import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The floors of the code, from the ground up: a file may import from its own folder or from a
 * folder on a lower floor, never from one on its own floor or above (src/README.md).
 */
const FLOORS: Record<string, number> = {
  'src/base': 0,
  'src/contract': 1,
  'src/http': 2,
  'src/reference': 2,
  'src/config': 3,
  'src/arbitraries': 3,
  'src/checks': 4,
  'src/report': 5,
  'src/bridge': 6,
  'src/language': 7,
  'src/engine': 7,
  'src/cli.ts': 8,
  suites: 8,
};

/** The files of src/ that stand alone: the entry point, and the map of the rooms. */
const ENTRY_POINTS = ['src/cli.ts', 'src/README.md'];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** The repository-relative files a source file imports by a relative path. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) =>
    relative(ROOT, resolve(ROOT, dirname(file), m[2] as string)),
  );
}

function floorOf(file: string): [string, number] | undefined {
  const room = Object.keys(FLOORS)
    .filter((r) => file === r || file.startsWith(`${r}/`))
    .sort((a, b) => b.length - a.length)[0];
  return room === undefined ? undefined : [room, FLOORS[room] as number];
}

const SOURCES = [...filesUnder('src'), ...filesUnder('suites')].filter((f) =>
  /\.(ts|mjs)$/.test(f),
);

describe('the layers of the code', () => {
  it('every source file stands in a room of a known floor', () => {
    expect(SOURCES.filter((f) => floorOf(f) === undefined)).toEqual([]);
  });

  it('no file stands loose in src/ unless it is an entry point', () => {
    const loose = readdirSync(join(ROOT, 'src'))
      .map((name) => `src/${name}`)
      .filter((p) => statSync(join(ROOT, p)).isFile());
    expect(loose.filter((p) => !ENTRY_POINTS.includes(p))).toEqual([]);
  });

  it('no import runs back up a floor or sideways to another room of the same floor', () => {
    const upward: string[] = [];
    for (const file of SOURCES) {
      const [room, floor] = floorOf(file) ?? ['?', -1];
      for (const target of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) {
        const [toRoom, toFloor] = floorOf(target) ?? ['?', Number.POSITIVE_INFINITY];
        if (toRoom !== room && toFloor >= floor) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the walk sees imports of every form: static, side effect and dynamic', () => {
    const text =
      "import { a } from '../base/x.ts';\nimport '../http/y.ts';\nawait import('./z.ts');";
    expect(importsOf('src/checks/f.ts', text)).toEqual([
      'src/base/x.ts',
      'src/http/y.ts',
      'src/checks/z.ts',
    ]);
  });

  it('the bridge, the engine and the check language each say what they are for', () => {
    for (const room of ['src/bridge', 'src/engine', 'src/language', 'src'])
      expect(readFileSync(join(ROOT, room, 'README.md'), 'utf8').length).toBeGreaterThan(200);
  });
});

describe('redaction happens in one place', () => {
  // The egress (src/http/egress.ts) is the one door out; the redactor itself is built in
  // redaction.ts and handed to it by bridge/redactor.ts, and nothing else touches one.
  const ALLOWED: Record<string, readonly string[]> = {
    'redactExchange(': ['src/http/redaction.ts', 'src/http/egress.ts'],
    'redactHeaders(': ['src/http/redaction.ts'],
    'createRedactor(': ['src/http/redaction.ts', 'src/bridge/redactor.ts'],
    Redactor: ['src/http/redaction.ts', 'src/http/egress.ts', 'src/bridge/redactor.ts'],
  };

  it.each(Object.entries(ALLOWED))('%s appears only where it belongs', (name, where) => {
    const users = SOURCES.filter((f) => readFileSync(join(ROOT, f), 'utf8').includes(name));
    expect(users.filter((f) => !where.includes(f))).toEqual([]);
  });
});
