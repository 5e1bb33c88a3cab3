import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../../src/reference/index.ts';
import { isObject } from '../faults/wrap.ts';
import { readArtifacts, readReport, runCli } from '../support/cli.ts';
import { expectNoKey } from '../support/key-forms.ts';
import { serveWrappedForFile } from '../support/servers.ts';
import { tempDir } from '../support/temp.ts';

// Only header-name characters, so a server can echo it as a header name too.
const KEY = 'hostile.key-0123456789_abc';
const MiB = 1024 * 1024;
const hex = (text: string) => Buffer.from(text).toString('hex');
const escapedJson = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const percentAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

// What a terminal or a Markdown page would obey: a title change, a cursor move, HTML, a link.
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const CSI = String.fromCharCode(0x9b);
const INJECTED = `<img src=x onerror=alert(1)> [link](http://evil.example) ${ESC}]0;pwned${BEL}${ESC}[2K${CSI}1A | cell\r\nbreak`;
const CONTROLS = Array.from({ length: 64 * 1024 }, (_, i) =>
  String.fromCharCode(1 + (i % 31)),
).join('');

/** Every error answer carries 64 KiB of control characters and the key in every encoding. */
const hostile =
  (app: Handler): Handler =>
  async (req) => {
    const res = await app(req);
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const echo: Record<string, string> = token === KEY ? { [`x-echo-${KEY}`]: '1' } : {};
    if (res.status >= 400) {
      const sent = `Bearer ${token}`;
      const message = `${escapedJson(sent)} ${hex(sent)} ${percentAll(sent)} ${CONTROLS}`;
      return {
        status: res.status,
        headers: { 'content-type': 'application/json', ...echo },
        raw: `{"code":"denied","message":"${message}","status":${res.status}}`,
      };
    }
    const rename = (pet: unknown) => (isObject(pet) ? { ...pet, name: INJECTED } : pet);
    const json = Array.isArray(res.json) ? res.json.map(rename) : rename(res.json);
    return { ...res, json, headers: { ...res.headers, ...echo } };
  };

/** What is left of a Markdown text once its code spans (where nothing is interpreted) are gone. */
const outsideCode = (markdown: string) => markdown.replace(/(`+)[^`]*?\1|(`+) [\s\S]*? \2/g, '');

describe('a target that attacks every output at once', async () => {
  const server = await serveWrappedForFile('hostile-output', hostile, KEY);
  const tmp = tempDir('pc-tmp-');

  it('gets a verdict with bounded reports and memory, no key, nothing raw on a terminal or a page', async () => {
    const summaryFile = join(tmp, 'step-summary.md');
    const result = await runCli(['run', '--base-url', server.baseUrl, '--profile', 'ci'], {
      env: { PETSTORE_API_KEY: KEY, TMPDIR: tmp, GITHUB_STEP_SUMMARY: summaryFile },
      timeoutMs: 240_000,
    });
    expect(result.code).toBe(1);
    const report = readReport(result);
    expect(report.verdict).toBe('non-conformant');
    // Generous: a loaded 2-core machine runs this in well under a minute.
    expect(result.durationMs).toBeLessThan(180_000);
    expect(report.timings?.peakRssMiB).toBeLessThan(400);
    // No scratch file left behind.
    expect(readdirSync(tmp).filter((f) => f.startsWith('pc-run-'))).toEqual([]);

    const artifacts = readArtifacts(result);
    // The records keep 8 MiB of body text in all, then 256 characters a body, each with its
    // headers: a bound in the number of requests (about 3,000), which the harness sets, not the
    // target.
    for (const name of Object.keys(artifacts)) {
      expect(statSync(join(result.reportDir, name)).size, name).toBeLessThan(16 * MiB);
    }
    JSON.parse(artifacts['exchanges.har'] ?? '');
    expect(artifacts['junit.xml']).toMatch(/^<\?xml[\s\S]*<\/testsuites>\s*$/);

    expectNoKey(result, KEY);
    for (const [name, text] of Object.entries({ stdout: result.stdout, stderr: result.stderr })) {
      expect(text.includes(ESC), `${name} holds a raw ESC`).toBe(false);
      expect(text.includes(CSI), `${name} holds a raw CSI`).toBe(false);
      expect(text.includes('\r'), `${name} holds a raw CR`).toBe(false);
    }
    // The renamed pets were quoted, inert: the injected text is there, but only as code.
    const summary = artifacts['summary.md'] ?? '';
    expect(summary).toContain('onerror=alert(1)');
    const live = outsideCode(summary);
    expect(live).not.toContain('<img');
    expect(live).not.toContain('](http');
    expect(summary.includes(ESC) || summary.includes('\r')).toBe(false);
    expect(readFileSync(summaryFile, 'utf8')).toBe(summary);
    // A page read with cat is a terminal too: no control character reaches it raw.
    const page = artifacts['report.html'] ?? '';
    expect(page).toContain('onerror=alert(1)'.replaceAll('=', '='));
    for (const c of [ESC, BEL, CSI, String.fromCharCode(0)])
      expect(page.includes(c), `report.html holds U+${c.charCodeAt(0).toString(16)}`).toBe(false);
    for (const row of summary.split('\n').filter((l) => l.startsWith('| `'))) {
      expect(row.endsWith('|'), row).toBe(true);
    }
    // The CLI's own bound above; vitest's default 60 s is tighter than a loaded machine holds.
  }, 240_000);
});
