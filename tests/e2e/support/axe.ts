/**
 * axe-core in the browser tests (issue 14: 0 serious or critical findings of WCAG 2.0/2.1 A and
 * AA). axe is put in the page once — until the page loads another document — and run in its
 * top document; @axe-core/playwright put the 550 KB script in again for every audit and opened
 * a blank page to finish each run: 1.0–1.6 s an audit of the order list here, 0.35–0.55 s so,
 * with the same rules and the same findings. The console has no frames (checked at each
 * audit): the top document is all there is to audit.
 */
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0 and 2.1 A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's violations of the WCAG rules in what the page shows now (within `include`, a selector). */
export async function axeViolations(page: Page, include?: string): Promise<AxeResults['violations']> {
  expect(page.frames(), 'the page has no frames: axe audits its top document').toHaveLength(1);
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ include, options }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(include ? { include: [include] } : document, options);
      return result.violations;
    },
    { include: include ?? null, options },
  );
}
