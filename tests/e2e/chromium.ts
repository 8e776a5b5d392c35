import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (never a browser Playwright downloads): its headless shell when installed
 * (package chromium-headless-shell, the build Playwright itself runs headless tests on: no
 * browser UI, ~8 % less CPU over the accessibility suite), else the browser.
 */
export function chromiumPath(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}
