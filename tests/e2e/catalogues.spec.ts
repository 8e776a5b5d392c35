/**
 * The console loads the catalogue of the reader's language only (src/i18n/load.ts, one chunk
 * per language made at build time): the login page of a new visitor fetches the Japanese one,
 * and English arrives when it is picked, the page then speaking it; a payer's page follows the
 * browser's language the same way.
 */
import { expect, test, type Page } from '@playwright/test';
import { tr } from './support/ui';

const CATALOGUE_CHUNK = /\/assets\/(ja|zh-cn|en)-[\w-]{8}\.js$/;

/** The catalogue chunks a page fetches from now on, by language. */
function catalogueChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    const m = CATALOGUE_CHUNK.exec(new URL(r.url()).pathname);
    if (m && r.ok()) seen.push(m[1]);
  });
  return seen;
}

test('the login page fetches its own language only, and English once it is picked', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    const chunks = catalogueChunks(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: tr('jp', 'loginPage.submit'), exact: true })).toBeVisible();
    expect(chunks).toEqual(['ja']);

    await page.getByLabel(tr('jp', 'loginPage.language')).selectOption('en');
    await expect(page.getByRole('button', { name: tr('en', 'loginPage.submit'), exact: true })).toBeVisible();
    await expect(page.getByLabel(tr('en', 'loginPage.language'))).toHaveValue('en');
    expect(chunks).toEqual(['ja', 'en']);

    // Back to Japanese: already here, nothing is fetched again.
    await page.getByLabel(tr('en', 'loginPage.language')).selectOption('jp');
    await expect(page.getByRole('button', { name: tr('jp', 'loginPage.submit'), exact: true })).toBeVisible();
    expect(chunks).toEqual(['ja', 'en']);
  } finally {
    await context.close();
  }
});

test("a payer's page in an English browser speaks English once its catalogue has come", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const chunks = catalogueChunks(page);
    // No code in the link: the page says so, in the browser's language.
    await page.goto('/qrcode');
    await expect(page.getByText(tr('en', 'payer.missingBody'))).toBeVisible();
    await expect(page.getByRole('group', { name: tr('en', 'payer.language') })).toBeVisible();
    // The console's first language (Japanese, nothing stored) came first, then the payer's.
    expect(chunks).toEqual(['ja', 'en']);
  } finally {
    await context.close();
  }
});
