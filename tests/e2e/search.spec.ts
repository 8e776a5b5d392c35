/**
 * Finding things (issue #29) in the browser, as a company admin, in Japanese: what only a browser
 * proves — the keys that open the command palette, the arrows and Enter that open a result's
 * page, the list that says a complete number searched all time, and a quick range filling the
 * period. The search's rules (scope, screens, every kind) are proved in tests/server/search.test.ts,
 * its workflow in tests/machines/globalSearch.test.ts, the ranges in tests/unit/periodPresets.test.ts.
 */
import { expect, test } from '@playwright/test';
import type { OrderRow } from '../../src/contract/orders';
import type { Page as ListPage } from '../../src/contract/envelope';
import { businessDay } from './support/payments';
import { apiCall, apiLogin, ja, signedInPage } from './support/ui';

test('the palette finds an order of weeks ago by its number and opens it; the list finds it too and says so', async ({
  browser,
  request,
  baseURL,
}) => {
  const session = await apiLogin(request, 'co-admin');
  // An order of 20 to 30 days ago: outside the list's default week.
  const older = await apiCall<ListPage<OrderRow>>(request, session.token, '/history/orderInfo/page', {
    beginTime: businessDay(30),
    endTime: businessDay(20),
    pageSize: 1,
  });
  const order = older.result.records[0];
  expect(order, 'an order of 20 to 30 days ago in the demo data').toBeDefined();

  const page = await signedInPage(browser, request, baseURL!, 'co-admin');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // `/` opens it; the hint until two characters are typed.
  await page.keyboard.press('/');
  const palette = page.getByRole('dialog', { name: ja('search.title') });
  const field = palette.getByRole('combobox');
  await expect(field).toBeFocused();
  await expect(palette.getByText(ja('search.hint'))).toBeVisible();
  // The gateway's number typed in lower case still finds it.
  await field.fill(order.gatewayOrderNo.toLowerCase());
  const options = palette.getByRole('option');
  await expect(palette.getByRole('group', { name: ja('search.kinds.order') })).toBeVisible();
  await expect(options.first()).toContainText(order.gatewayOrderNo);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/history/order/${order.gatewayOrderNo}$`));
  await expect(page.getByText(order.clientOrderNo).first()).toBeVisible();

  // Ctrl-K opens it again, empty; a number of nothing says so; Escape closes it.
  await page.keyboard.press('Control+k');
  await expect(field).toHaveValue('');
  await field.fill('NO-SUCH-NUMBER-29');
  await expect(palette.getByText(ja('search.nothing', { keyword: 'NO-SUCH-NUMBER-29' }))).toBeVisible();
  // A failed search says why and tries again on request.
  await page.route('**/api/search/global', (route) =>
    route.fulfill({
      json: {
        resultType: 'ERROR',
        resultMessage: 'search is down',
        submitToken: session.token,
        result: null,
      },
    }),
  );
  await field.fill(order.clientOrderNo);
  await expect(palette.getByRole('alert')).toContainText('search is down');
  await page.unroute('**/api/search/global');
  await palette.getByRole('button', { name: ja('search.retry') }).click();
  await expect(palette.getByRole('option').first()).toContainText(order.gatewayOrderNo);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // The order list with the default week and the number: found, and the period said not applied.
  await page.goto(`/history/order?orderNo=${order.clientOrderNo}`);
  await expect(page.getByRole('status').filter({ hasText: ja('orders.orderNo') })).toBeVisible();
  await expect(page.getByRole('table').getByText(order.gatewayOrderNo)).toBeVisible();
  await page.context().close();
});

test('a quick range fills the period, and Search applies it', async ({ browser, request, baseURL }) => {
  const page = await signedInPage(browser, request, baseURL!, 'co-admin');
  await page.goto('/history/order');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: ja('common.periods.pick') }).click();
  await page.getByRole('menuitem', { name: ja('common.periods.yesterday') }).click();
  const period = page.getByRole('group', { name: ja('common.period') });
  const yesterday = businessDay(1);
  await expect(period.getByRole('textbox').first()).toHaveValue(yesterday);
  await expect(period.getByRole('textbox').last()).toHaveValue(yesterday);
  await page.getByRole('button', { name: ja('common.search'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`beginTime=${yesterday}&endTime=${yesterday}`));
  await page.context().close();
});
