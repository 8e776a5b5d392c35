/**
 * The home dashboard (issue #31, docs/reports.md) as a user checks it: yesterday's gross and
 * payment count for JPY, as a company admin and as the system administrator, equal the
 * transaction history's total for the same days and status (the tile's own link opens it) and
 * the sum of the CSV export of that list, to the yen. The figures' arithmetic and scope are
 * proved on the server (tests/server/reports.test.ts, summaries.test.ts, matrix.test.ts).
 */
import { expect, test } from '@playwright/test';
import { ORDER_LIST } from '../../src/contract/lists/orders';
import { parseAmount } from '../../src/contract/money';
import { FIXTURES } from './fixtures';
import { businessDay, fileRows } from './support/payments';
import { ja, signedInPage } from './support/ui';

const columns = ORDER_LIST.exports!.columns;
/** Where the export holds each order's amount and currency. */
const AMOUNT = columns.findIndex((c) => c.key === 'amount');
const CURRENCY = columns.findIndex((c) => c.key === 'currency');

for (const fixture of [FIXTURES.dashCoAdmin, FIXTURES.dashAdmin]) {
  test(`yesterday's JPY gross and count equal the history's total and its export's sum (${fixture.like})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    // Downloads are accepted in a new context by default (the export below).
    const page = await signedInPage(browser, request, baseURL!, fixture.loginId);
    try {
      await page.goto('/');
      await page.getByRole('button', { name: ja('dashboard.windows.yesterday'), exact: true }).click();
      await expect(page).toHaveURL(/\?window=yesterday$/);
      const day = businessDay(1);
      // Yesterday's figures, not today's still on screen while they load (today's line names
      // yesterday's date too: the time it is compared until).
      await expect(page.getByText(`${day}〜${day}`, { exact: false })).toBeVisible();
      const jpy = page.getByRole('region', { name: ja('dashboard.currency', { currency: 'JPY' }) });
      const gross = await jpy.locator('[data-tile="gross"]').innerText();
      const count = Number((await jpy.locator('[data-tile="count"]').innerText()).replace(/,/g, ''));
      expect(count).toBeGreaterThan(0);
      const grossMinor = Number(parseAmount(gross.replace(/[円¥\s]/g, ''), 'JPY'));
      expect(grossMinor).toBeGreaterThan(0);

      await jpy.locator('[data-tile="count"]').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/history/order\\?beginTime=${day}&endTime=${day}&status=0`));
      // The history lists every currency's paid orders of the day; the dashboard gives each its own.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: ja('exports.csv') }).click();
      const rows = await fileRows(await download);
      const yen = rows.filter((r) => r[CURRENCY] === 'JPY');
      expect(yen).toHaveLength(count);
      expect(yen.reduce((s, r) => s + Number(parseAmount(r[AMOUNT], 'JPY')), 0)).toBe(grossMinor);
      const total = rows.length;
      await expect(page.getByText(ja('common.total', { total }))).toBeVisible();
    } finally {
      await page.context().close();
    }
  });
}
