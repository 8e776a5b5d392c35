/**
 * The reports (/report, issue #31, docs/reports.md) as a company admin checks them: the totals
 * of the summary list equal its CSV export's totals row and its rows' sum; a row's payment count
 * opens the transaction history of exactly those orders; per month the totals stay; the chart
 * draws the same figures. The arithmetic and the scope are proved on the server
 * (tests/server/reports.test.ts, matrix.test.ts).
 */
import { expect, test } from '@playwright/test';
import { REPORT_LIST } from '../../src/contract/lists/reports';
import { parseAmount } from '../../src/contract/money';
import { FIXTURES } from './fixtures';
import { fileRows } from './support/payments';
import { ja, signedInPage } from './support/ui';

const columns = REPORT_LIST.exports.columns;
const at = (key: string) => columns.findIndex((c) => c.key === key);
const yen = (text: string) => Number(parseAmount(text.replace(/[円¥,\s]/g, ''), 'JPY'));

test('the summary list’s totals equal its export, a row opens its orders, and the chart draws them', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.reportCoAdmin.loginId);
  try {
    await page.goto('/report');
    await expect(page.getByRole('heading', { name: ja('menu.report'), level: 1 })).toBeVisible();
    const totals = page.getByRole('region', { name: /通貨別合計/ });
    const jpyTotal = totals.locator('tr[data-currency="JPY"]');
    const gross = yen(await jpyTotal.locator('[data-figure="paidAmount"]').innerText());
    const count = Number((await jpyTotal.locator('[data-figure="paidCount"]').innerText()).replace(/,/g, ''));
    expect(gross).toBeGreaterThan(0);

    // The export: every row, then a totals row per currency equal to the screen's.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: ja('exports.csv') }).click();
    const rows = await fileRows(await download);
    const totalRows = rows.filter((r) => r[at('period')] === ja('reports.totalRow'));
    const jpyRow = totalRows.find((r) => r[at('currency')] === 'JPY')!;
    expect([yen(jpyRow[at('paidAmount')]), Number(jpyRow[at('paidCount')])]).toEqual([gross, count]);
    const jpyRows = rows.filter(
      (r) => r[at('period')] !== ja('reports.totalRow') && r[at('currency')] === 'JPY',
    );
    expect(jpyRows.reduce((s, r) => s + yen(r[at('paidAmount')]), 0)).toBe(gross);

    // Per month: the same totals.
    await page.getByRole('button', { name: ja('reports.groupings.month'), exact: true }).click();
    await expect(page).toHaveURL(/grouping=month/);
    await expect(page.getByRole('cell', { name: /^\d{4}-\d{2}$/ }).first()).toBeVisible();
    expect(yen(await jpyTotal.locator('[data-figure="paidAmount"]').innerText())).toBe(gross);

    // The chart of the same filters: JPY's gross, compared with the period before on demand.
    await page.getByRole('tab', { name: ja('reports.tabs.chart') }).click();
    const chart = page.getByRole('region', {
      name: ja('reports.chartTitle', { measure: ja('reports.measures.paidAmount'), currency: 'JPY' }),
    });
    await expect(chart.getByRole('figure')).toBeVisible();
    await page.getByText(ja('reports.compare')).click();
    await expect(page.getByText(/を前期間/)).toBeVisible();
    await expect(chart.getByRole('img').getByText(ja('reports.series.previous'))).toBeVisible();

    // A row's payment count opens the history of those orders: its total is the count.
    await page.getByRole('tab', { name: ja('reports.tabs.list') }).click();
    await page.getByRole('button', { name: ja('reports.groupings.day'), exact: true }).click();
    const table = page.getByRole('table', { name: ja('reports.table') });
    // The days' rows, not the months' still on screen while they load (a month's count is
    // not the day's its link would open, once the table has changed under the click).
    await expect(table.getByRole('cell', { name: /^\d{4}-\d{2}$/ })).toHaveCount(0);
    await expect(table.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();
    const link = table.getByRole('link').first();
    const rowCount = Number((await link.innerText()).replace(/,/g, ''));
    await link.click();
    await expect(page).toHaveURL(/\/history\/order\?beginTime=.*status=0/);
    await expect(page.getByText(ja('common.total', { total: rowCount }))).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test('a user schedules the list’s filters, sees the subscription with its first period, and ends it', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.reportCoAdmin.loginId);
  try {
    await page.goto('/report?brand=paypay');
    await page.getByRole('tab', { name: ja('reports.schedule.tab') }).click();
    await page.getByRole('button', { name: ja('reports.schedule.subscribe') }).click();
    const dialog = page.getByRole('dialog', { name: ja('reports.schedule.dialogTitle') });
    await dialog.getByLabel(ja('reports.schedule.frequency')).selectOption('weekly');
    await dialog.getByLabel(ja('reports.schedule.format')).selectOption('csv');
    await dialog.getByRole('button', { name: ja('common.save') }).click();
    await expect(page.getByText(ja('server.reports.subscribed'))).toBeVisible();
    const card = page.getByRole('region', {
      name: `${ja('reports.schedule.frequencies.weekly')} · CSV`,
    });
    await expect(card).toContainText(ja('orders.brands.paypay'));
    // Last week's Monday to Sunday comes first, once its data is complete (the job, proved on the server).
    await expect(card).toContainText(/\d{4}-\d{2}-\d{2}〜\d{4}-\d{2}-\d{2}/);
    await card.getByRole('button', { name: ja('reports.schedule.remove') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: ja('reports.schedule.remove') })
      .click();
    await expect(page.getByText(ja('server.reports.unsubscribed'))).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});
