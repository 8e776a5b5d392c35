/**
 * A settlement's page (issue #15) against the real server: as `admin`, a demo merchant settlement
 * opened from /settle/actuarial whose statement lines add up to the transfer amount the list shows,
 * one of its orders opened and the order's settlement number leading back; an agency's and a
 * brand's settlement; an id that is none and, for `sp-admin`, a settlement of a company outside its
 * provider: the not-found page; at 375 px nothing wider than the phone; in English and Chinese
 * no raw message key.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/contract/envelope';
import type { WorkingLanguage } from '../../src/contract/locale';
import type { SettlementKind, SettlementRow } from '../../src/contract/settlements';
import { SETTLEMENT_LISTS } from '../../src/contract/lists/settlements';
import { settlementsCalls } from '../../src/contract/calls/settlements';
import { businessDay } from './support/payments';
import { apiCall, ja, pageAs, tr } from './support/ui';

const ROUTE: Record<SettlementKind, string> = {
  merchant: '/settle/actuarial',
  agent: '/settle/agent',
  brand: '/settle/brand',
};

/** Settlements of a kind as the server lists them to a session (the list's default filters). */
async function settlementsOf(request: APIRequestContext, token: string, kind: SettlementKind) {
  const r = await apiCall<ListPage<SettlementRow>>(request, token, SETTLEMENT_LISTS[kind].path, {
    beginTime: businessDay(74),
    endTime: businessDay(0),
    pageNum: 1,
    pageSize: 100,
  });
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  return r.result.records;
}

/** A yen amount as the page writes it (3,980円 / -250円 / ¥3,980) → its integer. */
const yen = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** The statement's amounts by line (data-line), as integers of yen. */
async function statementOf(page: Page, lang: WorkingLanguage = 'jp') {
  const table = page.getByRole('table', { name: tr(lang, 'settlements.detail.lines') }).first();
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  const lines: Record<string, number> = {};
  for (const row of await rows.all()) {
    const key = (await row.getAttribute('data-line')) ?? '';
    lines[key] = yen(await row.locator('td').last().innerText());
  }
  return lines;
}

/** The cell of a list row under the column headed `header`. */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.locator('th, td').nth(index);
}

test('a merchant settlement from its list: the lines add up to the transfer amount, an order and back', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await pageAs(browser, request, baseURL!, 'admin');
  const { page } = admin;
  try {
    // The yen settlements of the list's default period; the first one with refunds, else the first.
    await page.goto(`${ROUTE.merchant}?currency=JPY`);
    const list = page.getByRole('table', { name: ja('settlements.list.table') });
    const dataRows = list.locator('tbody tr').filter({ has: page.getByRole('link') });
    await expect(dataRows.first()).toBeVisible();
    const known = new Map(
      (await settlementsOf(request, admin.session.token, 'merchant')).map((r) => [r.id, r] as const),
    );
    const idOf = async (r: Locator) =>
      Number((await r.getByRole('link').first().getAttribute('href'))!.split('/').pop());
    let row = dataRows.first();
    for (const r of await dataRows.all()) {
      if ((known.get(await idOf(r))?.refundCount ?? 0) > 0) {
        row = r;
        break;
      }
    }
    const link = row.getByRole('link').first();
    const settlementNo = (await link.innerText()).trim();
    const id = await idOf(row);
    const listed = yen(await (await cellUnder(list, row, ja('settlements.transferAmount'))).innerText());
    const got = await apiCall<SettlementRow>(
      request,
      admin.session.token,
      settlementsCalls.merchant.get.path,
      {
        id,
      },
    );
    expect(got.resultType, got.resultMessage).toBe('SUCCESS');
    const s = got.result;
    expect(s.settlementNo).toBe(settlementNo);
    expect(listed).toBe(s.transferAmount);
    await link.click();

    await expect(page).toHaveURL(new RegExp(`${ROUTE.merchant}/${s.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: ja('settlements.detail.title') })).toBeVisible();
    await expect(page.getByText(`${s.settlementNo} · ${s.partyName}`)).toBeVisible();
    await expect(page.getByRole('button', { name: ja('settlements.detail.downloadPdf') })).toBeVisible();
    await expect(page.getByRole('button', { name: ja('settlements.detail.exportLines') })).toBeVisible();

    const l = await statementOf(page);
    expect(l.carriedIn + l.orders + l.refunds + l.commission).toBe(l.balance);
    expect(l.balance + l.transferCommission).toBe(l.transferAmount + l.carriedOut);
    expect(l.transferAmount).toBe(listed);
    expect(l.orders).toBe(s.orderTotal);
    expect(l.refunds).toBe(-s.refundTotal);

    // Its state is said once (never a batch's status beside it).
    await expect(page.getByText(ja('fields.status'), { exact: true })).toHaveCount(1);

    // The payee and the trail are there; the orders tab lists the settlement's orders.
    await expect(page.getByRole('heading', { name: ja('settlements.detail.payee') })).toBeVisible();
    await expect(page.getByRole('heading', { name: ja('settlements.detail.trail') })).toBeVisible();
    const orders = page.getByRole('table', { name: ja('settlements.detail.orders') });
    const first = orders.getByRole('link').first();
    await expect(first).toBeVisible();
    const orderNo = (await first.innerText()).trim();
    if (s.refundCount > 0) {
      await page.getByRole('tab', { name: new RegExp(ja('settlements.detail.refunds')) }).click();
      await expect(
        page
          .getByRole('table', { name: ja('settlements.detail.refunds') })
          .getByRole('row')
          .nth(1),
      ).toBeVisible();
      await page.getByRole('tab', { name: new RegExp(ja('settlements.detail.orders')) }).click();
    }
    await orders.getByRole('link', { name: orderNo, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/history/order/${orderNo}$`));
    await expect(page.getByRole('heading', { level: 1, name: ja('orders.detail.title') })).toBeVisible();
    await page.getByRole('link', { name: s.settlementNo, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTE.merchant}/${s.id}$`));
    await expect(page.getByText(`${s.settlementNo} · ${s.partyName}`)).toBeVisible();
  } finally {
    await admin.close();
  }
});

test('an agency settlement and a brand settlement add up as the server closed them', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await pageAs(browser, request, baseURL!, 'admin');
  const { page } = admin;
  try {
    const agents = await settlementsOf(request, admin.session.token, 'agent');
    const a = agents.find((r) => r.currency === 'JPY' && r.rebateTotal > 0) ?? agents[0];
    expect(a, 'a demo agency settlement').toBeTruthy();
    await page.goto(`${ROUTE.agent}/${a.id}`);
    await expect(page.getByText(`${a.settlementNo} · ${a.partyName}`)).toBeVisible();
    // An agency's statement is no merchant's: no PDF.
    await expect(page.getByRole('button', { name: ja('settlements.detail.downloadPdf') })).toHaveCount(0);
    const l = await statementOf(page);
    expect(l.carriedIn + l.rebate).toBe(l.balance);
    const deducted = a.feeBearer === 'OUR' ? 0 : l.transferCommission;
    expect(l.balance + deducted).toBe(l.transferAmount + l.carriedOut);
    expect(l.transferAmount).toBe(a.transferAmount);
    await expect(
      page.getByText(
        ja(a.feeBearer === 'OUR' ? 'settlements.detail.feeBearerOur' : 'settlements.detail.feeBearerSha'),
      ),
    ).toBeVisible();

    const brands = await settlementsOf(request, admin.session.token, 'brand');
    const b = brands.find((r) => r.currency === 'JPY' && r.orderCount > 0) ?? brands[0];
    expect(b, 'a demo brand settlement').toBeTruthy();
    await page.goto(`${ROUTE.brand}/${b.id}`);
    await expect(page.getByText(`${b.settlementNo} · ${b.partyName}`)).toBeVisible();
    const n = await statementOf(page);
    expect(n.orders + n.refunds + n.commissionCost).toBe(n.brandNet);
    expect(n.brandNet).toBe(b.transferAmount);
  } finally {
    await admin.close();
  }
});

test('an id that is none, and another provider’s company’s settlement, are not found', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await pageAs(browser, request, baseURL!, 'admin');
  const sp = await pageAs(browser, request, baseURL!, 'sp-admin');
  try {
    await admin.page.goto(`${ROUTE.merchant}/999999999`);
    await expect(admin.page.getByRole('heading', { name: ja('menu.notFound') })).toBeVisible();

    const all = await settlementsOf(request, admin.session.token, 'merchant');
    const mine = new Set((await settlementsOf(request, sp.session.token, 'merchant')).map((r) => r.id));
    const foreign = all.find((r) => !mine.has(r.id));
    expect(foreign, 'a settlement of a company outside sp-admin’s provider').toBeTruthy();
    await sp.page.goto(`${ROUTE.merchant}/${foreign!.id}`);
    await expect(sp.page.getByRole('heading', { name: ja('menu.notFound') })).toBeVisible();
    await expect(sp.page.getByText(foreign!.settlementNo)).toHaveCount(0);
  } finally {
    await admin.close();
    await sp.close();
  }
});

for (const lang of ['en', 'zh_cn'] as const) {
  test(`${lang}: a settlement at 375 px fits the phone and shows no message key`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const admin = await pageAs(browser, request, baseURL!, 'admin', lang, 375);
    const { page } = admin;
    try {
      const rows = await settlementsOf(request, admin.session.token, 'merchant');
      const s = rows.find((r) => r.refundCount > 0) ?? rows[0];
      await page.goto(`${ROUTE.merchant}/${s.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: tr(lang, 'settlements.detail.title') }),
      ).toBeVisible();
      // On a phone the lines are cards: the orders' numbers still open the orders.
      await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/\b(settlements|fields|orders|refunds|org|common)\.[a-zA-Z]+/);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(375);
    } finally {
      await admin.close();
    }
  });
}
