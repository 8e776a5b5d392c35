/**
 * Screenshots of console pages in the three languages at desktop and phone width, to look at
 * what a change built (README, "Development"). Against a running e2e server (its accounts'
 * second factor is known to the e2e support):
 *
 *   PORT=8701 KESSAI_CAPTCHA=off npx tsx tests/e2e/server.ts &
 *   E2E_PORT=8701 npx tsx scripts/screenshots.ts http://127.0.0.1:8701 /tmp/shots admin /history/walletTrade …
 *
 * writes <out>/<path>-<lang>-<width>.png for each path, language (jp, zh_cn, en) and width
 * (1280, 375). Uses Debian's Chromium (tests/e2e/chromium.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request } from '@playwright/test';
import type { WorkingLanguage } from '../src/contract/locale';
import { chromiumPath } from '../tests/e2e/chromium';
import { pageAs } from '../tests/e2e/support/ui';

const [base, out, login, ...paths] = process.argv.slice(2);
if (!base || !out || !login || paths.length === 0) {
  process.stderr.write('usage: screenshots.ts <baseURL> <outDir> <loginId> <path>...\n');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath() ?? undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const api = await request.newContext({ baseURL: base });
for (const lang of ['jp', 'zh_cn', 'en'] as WorkingLanguage[])
  for (const width of [1280, 375]) {
    const s = await pageAs(browser, api, base, login, lang, width);
    for (const p of paths) {
      await s.page.goto(p);
      await s.page.waitForLoadState('networkidle');
      await s.page.waitForTimeout(300);
      const name = `${p.split('?')[0].replace(/^\//, '').replace(/[/]/g, '_') || 'home'}-${lang}-${width}.png`;
      // A phone's page is its first screen (a long list of cards is too tall to read whole).
      await s.page.screenshot({ path: path.join(out, name), fullPage: width > 500 });
      process.stdout.write(`${name}\n`);
    }
    await s.close();
  }
await api.dispose();
await browser.close();
