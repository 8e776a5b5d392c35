import { existsSync } from 'node:fs';

/** Debian's Chromium (never a browser Playwright downloads). */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}
