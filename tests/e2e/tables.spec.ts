import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIXTURES } from './fixtures';
import { dialog } from './support/links';
import { ja, signedInPage } from './support/ui';

/**
 * Tables at any width (issue #14, "Tables"): at 1280 px no cell runs under the sticky actions
 * column and a cut cell shows an ellipsis and its whole text on hover and on focus; at 375 px
 * a list is cards whose amount and status show without sideways scrolling; the choice of
 * columns (shown, order) survives a reload; the "URL payment created" dialog keeps its
 * Download button in view at 1280 × 800.
 */

const run = String(Date.now()).slice(-7);
const LONG_SUBJECT = `業務用コーヒー豆 ブレンド詰め合わせ 年間契約分 第${run}回 納品 (ギフト包装・のし付き・送料込み)`;

const linksTable = (page: Page) => page.getByRole('table', { name: ja('links.url.table') });

/** Every body row's cells lie left of its actions cell (none runs under it). */
async function expectNothingUnderActions(table: Locator) {
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const rows = await table.locator('tbody tr').all();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const cells = await row.getByRole('cell').all();
    const actions = await cells[cells.length - 1].boundingBox();
    expect(actions).not.toBeNull();
    for (const cell of cells.slice(0, -1)) {
      const box = await cell.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width, `${await cell.innerText()} ends before the actions`).toBeLessThanOrEqual(
        actions!.x + 1,
      );
    }
  }
  // And the table itself needs no sideways scrolling.
  const overflow = await table.evaluate((t) => {
    const area = t.parentElement!;
    return area.scrollWidth - area.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(1);
}

test('1280 × 800: the created dialog keeps Download in view; the long subject is cut with an ellipsis and shown whole on hover and focus; nothing runs under the actions', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.tables.loginId);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/manage/url');
  await page.getByRole('button', { name: ja('links.url.newTitle') }).click();
  const form = page.getByRole('form', { name: ja('links.url.newTitle') });
  await form.getByLabel(ja('fields.amount'), { exact: true }).fill('12800');
  await form.getByLabel(ja('fields.subject'), { exact: true }).fill(LONG_SUBJECT);
  await form.getByLabel(ja('fields.clientOrderNo'), { exact: true }).fill(`TBL-${run}`);
  await page.getByRole('button', { name: ja('links.url.create'), exact: true }).click();
  const created = dialog(page, 'links.url.createdTitle');
  await expect(created).toBeVisible();
  const downloadQr = created.getByRole('button', { name: ja('links.downloadQr') });
  await expect(downloadQr).toBeEnabled();
  await expect(downloadQr).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(created).toBeHidden();

  const table = linksTable(page);
  const row = table.getByRole('row').filter({ hasText: `TBL-${run}` });
  await expect(row).toBeVisible();
  await expectNothingUnderActions(table);

  // The subject is cut: an ellipsis on screen, the whole text on hover …
  const cut = row.locator('[data-cut]').filter({ hasText: '業務用コーヒー豆' });
  await expect(cut).toBeVisible();
  const style = await cut.evaluate((el) => ({
    overflow: getComputedStyle(el).textOverflow,
    cut: el.scrollWidth > el.clientWidth,
  }));
  expect(style).toEqual({ overflow: 'ellipsis', cut: true });
  await cut.hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toHaveText(LONG_SUBJECT);
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  // … and on keyboard focus.
  await cut.focus();
  await expect(cut).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(LONG_SUBJECT);
  await page.keyboard.press('Escape');

  // The other setup lists too.
  for (const [path, key] of [
    ['/setup/operate', 'operators.table'],
    ['/setup/branch', 'org.branch.table'],
  ] as const) {
    await page.goto(path);
    await expectNothingUnderActions(page.getByRole('table', { name: ja(key) }));
  }
});

test('1280: companies and operators as an administrator: nothing under the actions column', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.tablesAdmin.loginId);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [path, key] of [
    ['/setup/company', 'org.company.table'],
    ['/setup/operate', 'operators.table'],
  ] as const) {
    await page.goto(path);
    await expectNothingUnderActions(page.getByRole('table', { name: ja(key) }));
  }
});

test('375 px: a list is cards with amount and status in view, no sideways scrolling, actions reachable', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.tables.loginId);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/manage/url');
  const cards = page.getByRole('list', { name: ja('common.table.cards', { label: ja('links.url.table') }) });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table', { name: ja('links.url.table') })).toHaveCount(0);
  const first = cards.getByRole('listitem').first();
  await expect(first).toBeVisible();
  for (const header of [ja('fields.amount'), ja('fields.status')]) {
    const label = first.getByText(header, { exact: true });
    await expect(label).toBeInViewport();
    const value = label.locator('xpath=following-sibling::*[1]');
    await expect(value).toBeInViewport({ ratio: 1 });
    const box = await value.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  await expect(first.getByRole('button').filter({ hasText: ja('links.showLink') })).toBeInViewport();
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(375);
});

test('the columns chosen and their order are remembered across a reload, and reset', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.tables.loginId);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/setup/operate');
  const table = page.getByRole('table', { name: ja('operators.table') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const headers = () => table.getByRole('columnheader').allInnerTexts();
  const name = ja('fields.userName');
  const role = ja('fields.operatorType');
  const loginId = ja('fields.loginId');
  expect((await headers()).map((h) => h.trim())).toEqual(expect.arrayContaining([name, role, loginId]));

  const open = async () => {
    await page.getByRole('button', { name: ja('common.table.columns'), exact: true }).click();
    return page.getByRole('dialog', { name: ja('common.table.columns') });
  };
  let menu = await open();
  // Key columns cannot be switched off; the role can. Keyboard: Space ticks the box.
  await expect(menu.getByRole('checkbox', { name: loginId })).toBeDisabled();
  await menu.getByRole('checkbox', { name: role }).focus();
  await page.keyboard.press('Space');
  await expect(menu.getByRole('checkbox', { name: role })).not.toBeChecked();
  await menu.getByRole('button', { name: ja('common.table.moveUp', { column: name }) }).click();
  await page.keyboard.press('Escape');

  const expectChosen = async () => {
    const shown = (await headers()).map((h) => h.trim());
    expect(shown).not.toContain(role);
    expect(shown.indexOf(name)).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(name)).toBeLessThan(shown.indexOf(loginId));
  };
  await expectChosen();
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectChosen();

  menu = await open();
  await menu.getByRole('button', { name: ja('common.table.resetColumns') }).click();
  await page.keyboard.press('Escape');
  const shown = (await headers()).map((h) => h.trim());
  expect(shown).toContain(role);
  expect(shown.indexOf(loginId)).toBeLessThan(shown.indexOf(name));
});

test('375 px: the cards sort by their sort buttons (ascending, descending, not sorted), kept in the URL', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.tables.loginId);
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/history/order');
    const cards = page.getByRole('list', {
      name: ja('common.table.cards', { label: ja('orders.table') }),
    });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    const bar = page.getByRole('group', { name: ja('common.table.sortBy') });
    const amount = (state: 'sortAsc' | 'sortDesc' | 'sortNone') =>
      bar.getByRole('button', {
        name: ja('common.table.sortState', {
          column: ja('fields.amount'),
          state: ja(`common.table.${state}`),
        }),
      });
    /** The amounts on the cards, top to bottom, in yen. */
    const amounts = async () => {
      await expect(cards).not.toHaveAttribute('aria-busy', 'true');
      const texts = await cards
        .getByText(ja('fields.amount'), { exact: true })
        .locator('xpath=following-sibling::*[1]')
        .allTextContents();
      return texts.map((x) => Number(x.replace(/\D/g, '')));
    };
    await amount('sortNone').click();
    await expect(amount('sortAsc')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/sortField=amount&sortOrder=asc|sortOrder=asc&sortField=amount/);
    const up = await amounts();
    expect(up.length).toBeGreaterThan(1);
    expect(up).toEqual([...up].sort((a, b) => a - b));

    await amount('sortAsc').click();
    await expect(page).toHaveURL(/sortOrder=desc/);
    const down = await amounts();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBeGreaterThan(up[0]);

    // Kept over a reload, then off again.
    await page.reload();
    await expect(amount('sortDesc')).toHaveAttribute('aria-pressed', 'true');
    await amount('sortDesc').click();
    await expect(amount('sortNone')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/sortField=/);
  } finally {
    await page.context().close();
  }
});
