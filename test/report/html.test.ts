import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.ts';
import type { RunReport } from '../../src/report/model.ts';
import { exchange } from '../support/exchanges.ts';
import { report, sharedCause } from '../support/report-fixture.ts';
import { tempDir } from '../support/temp.ts';

// Debian's chromium (.ci/run installs it); playwright-core drives it without a browser download.
const CHROMIUM = '/usr/bin/chromium';
const hostile = '<script>window.pwned = 1</script><img src="http://evil.example/x.png">';
const withHostileBody: RunReport = {
  ...report,
  checks: report.checks.map((c, i) => {
    if (i !== 0) return c;
    const ex = exchange({ status: 200, body: hostile, contentType: 'text/html' });
    return { ...c, message: hostile, exchanges: [{ ...ex, curl: `curl '${hostile}'` }] };
  }),
};

describe('report.html', () => {
  const html = renderHtml(withHostileBody);

  it('escapes everything that came from the target', () => {
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;script&#62;window.pwned');
  });

  it('says a cause many failures share once, before the list, linking to its checks', () => {
    const page = renderHtml(sharedCause);
    const cause = page.indexOf('<li>3 checks: Error.status is 0, HTTP status is 401');
    expect(cause).toBeGreaterThan(page.indexOf('<h2>Common causes (one fix each)</h2>'));
    expect(cause).toBeLessThan(page.indexOf('<details class="check"'));
    expect(page).toContain('<a href="#ERR-BODY-STATUS">ERR-BODY-STATUS</a>');
    expect(html).not.toContain('Common causes');
  });

  it('is self-contained: no external scripts, styles or images', () => {
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it.skipIf(!existsSync(CHROMIUM))(
    'loads in headless Chromium with no console errors, shows the failing check and its evidence, filters by verdict',
    async () => {
      const dir = tempDir('pc-html-');
      const file = join(dir, 'report.html');
      writeFileSync(file, html);
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
        const requests: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        await page.goto(pathToFileURL(file).href);
        expect(await page.textContent('h1')).toBe('Not conformant');
        const failing = page.locator('details.check[data-verdict="fail"]');
        await expect.poll(() => failing.count()).toBe(1);
        expect(await failing.locator('.id').textContent()).toBe('AUTH-LIST-NO-KEY');
        expect(await failing.locator('pre.curl').isVisible()).toBe(true);
        expect(await page.evaluate('typeof window.pwned')).toBe('undefined');
        await page.click('button[data-verdict="fail"]');
        expect(await page.locator('details.check[data-verdict="pass"]').isHidden()).toBe(true);
        expect(await failing.isVisible()).toBe(true);
        expect(problems).toEqual([]);
        expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
