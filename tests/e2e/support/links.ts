/**
 * What the URL-payment, pre-order and payer-page browser tests share: the dialogs' fields,
 * reading a downloaded QR code back (jsqr + pngjs, what a phone's camera does) and paying a
 * link in the sandbox on the payer's page.
 */
import { readFileSync } from 'node:fs';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { WorkingLanguage } from '../../../src/contract/locale';
import { ja, tr } from './ui';

/** The text a QR code PNG holds. */
export function decodeQrPng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Presses a download button and returns the file's name and bytes. */
export async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** The open dialog named `titleKey`. */
export const dialog = (page: Page, titleKey: string) => page.getByRole('dialog', { name: ja(titleKey) });

/** The pay link shown in a created dialog. */
export async function shownLink(scope: Locator, lang: WorkingLanguage = 'jp') {
  const value = await scope.getByLabel(tr(lang, 'links.payLink'), { exact: true }).inputValue();
  expect(value).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/qrcode\?(orderNo|code)=/);
  return value;
}

/** The payer's phone: a fresh browser context (no session) at 375 px, in `locale`. */
export async function payerPage(browser: Browser, baseURL: string, locale = 'ja-JP') {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 375, height: 812 } });
  return context.newPage();
}

/** On the payer's page: pick a brand and press Pay (or Cancel). */
export async function decide(
  page: Page,
  action: 'pay' | 'cancel',
  brandKey = 'orders.brands.paypay',
  lang: WorkingLanguage = 'jp',
) {
  await page.getByText(tr(lang, brandKey), { exact: true }).click();
  await page
    .getByRole('button', {
      name: tr(lang, action === 'pay' ? 'payer.pay' : 'payer.cancel'),
      exact: true,
    })
    .click();
}

/** The payer's page says how it ended (paid, failed, …). */
export async function expectOutcome(page: Page, phase: string, lang: WorkingLanguage = 'jp') {
  await expect(page.getByRole('status').filter({ hasText: tr(lang, `payer.outcome.${phase}`) })).toBeVisible({
    timeout: 20_000,
  });
}

/** A CSV file for an upload input. */
export const csvFile = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(rows.map((r) => r.join(',')).join('\n') + '\n', 'utf8'),
});
