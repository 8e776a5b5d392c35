/**
 * Exports in Chromium against the real server: both files from both lists as `co-admin`,
 * saved under the server's file name and parsed back (CSV and XLSX) into the rows the list
 * shows for those filters; then the exportJob machine's test paths
 * (tests/machines/exportJob.model.ts): their covering set (`exportJobCoveringSet`: every state,
 * transition and answer a browser can cause at least once; tests/machines/coveringSets.test.ts
 * fails when one has no walk), one test per walk. `co-admin` is signed in once, through the API.
 *
 * How the export paths' steps are mapped
 * - Start: the transaction history (last 31 days) and its "Export Excel" button; the request
 *   is held (page.route) until the next step's answer, so "requesting" is seen.
 * - done:requestExport(file): the held request goes on; the network is throttled (Chromium's
 *   network emulation, 2 KB/s) so the file streams visibly. done:requestExport(JSON): the
 *   list's period is 40 days, which the server refuses with a JSON resultMessage.
 * - error:requestExport(network): the held request fails as when the network is down.
 * - after:exportTimeout: `page.clock` moves 90 s while the request is held.
 * - PROGRESS: the card shows bytes received. done:readStream: the throttle is lifted and the
 *   file arrives.
 * - CANCEL / RETRY: the card's buttons.
 *
 * Pinned (exportJobPinned, with its reason): error:readStream(broken) — neither the real server
 * nor Chromium's network emulation breaks a response once its body has started; the broken
 * stream is tested against a real HTTP server that destroys the socket mid-file in
 * tests/unit/download.test.ts.
 */
import { expect, test, type BrowserContext, type Download, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { Page as ListPage } from '../../src/contract/envelope';
import type { OrderRow } from '../../src/contract/orders';
import type { RefundRow } from '../../src/contract/refunds';
import { namePaths, type ModelEvent } from '../machines/harness';
import { exportJobCoveringSet, exportJobPaths } from '../machines/exportJob.model';
import { LAST_31_DAYS, businessDay, fileRows } from './support/payments';
import { apiCall, apiLogin, ja, storageOf, toast, type ApiSession } from './support/ui';

const compact = (day: string) => day.replace(/-/g, '');
const PERIOD = `${compact(LAST_31_DAYS.beginTime)}-${compact(LAST_31_DAYS.endTime)}`;
const listUrl = (path: string, filters: Record<string, string>) =>
  `${path}?${new URLSearchParams({ ...LAST_31_DAYS, ...filters }).toString()}`;

async function allRows<R>(
  request: import('@playwright/test').APIRequestContext,
  s: ApiSession,
  path: string,
  filters: Record<string, string>,
) {
  const rows: R[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const reply = await apiCall<ListPage<R>>(request, s.token, path, {
      ...LAST_31_DAYS,
      ...filters,
      pageNum,
      pageSize: 100,
    });
    expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
    rows.push(...reply.result.records);
    if (rows.length >= reply.result.total || reply.result.records.length === 0) return rows;
  }
}

/** Presses an export button and returns the saved file. */
async function exportFrom(page: Page, key: 'excel' | 'csv') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: ja(`exports.${key}`) }).click();
  return download;
}

const visibleNumbers = (page: Page, tableKey: string, column: number) =>
  page
    .getByRole('table', { name: ja(tableKey) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .evaluateAll(
      (rows, c) => rows.map((r) => r.querySelectorAll('td')[c]?.textContent?.trim() ?? ''),
      column,
    );

/** `co-admin`, signed in once: no test here is about signing in. */
let session: ApiSession;

test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, 'co-admin');
});

test('both files from both lists hold the rows the list shows for its filters', async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({
    baseURL,
    storageState: storageOf(baseURL!, session),
    acceptDownloads: true,
  });
  const page = await context.newPage();
  try {
    const cases: {
      path: string;
      api: string;
      filters: Record<string, string>;
      table: string;
      file: string;
      numberOf: (r: OrderRow | RefundRow) => string;
      column: number;
    }[] = [
      {
        path: '/history/order',
        api: '/history/orderInfo/page',
        filters: { status: '0' },
        table: 'orders.table',
        file: ja('server.exports.orderFile'),
        numberOf: (r: OrderRow | RefundRow) => (r as OrderRow).gatewayOrderNo,
        column: 0,
      },
      {
        path: '/history/refund',
        api: '/history/refundInfo/page',
        filters: {},
        table: 'refunds.table',
        file: ja('server.exports.refundFile'),
        numberOf: (r: OrderRow | RefundRow) => (r as RefundRow).gatewayRefundNo,
        column: 0,
      },
    ];
    for (const c of cases) {
      await test.step(c.path, async () => {
        const expected = await allRows<OrderRow | RefundRow>(request, session, c.api, c.filters);
        expect(expected.length).toBeGreaterThan(0);
        await page.goto(listUrl(c.path, c.filters));
        await expect(page.getByText(ja('common.total', { total: expected.length }))).toBeVisible();
        const shown = await visibleNumbers(page, c.table, c.column);
        expect(shown).toEqual(expected.slice(0, 20).map(c.numberOf));
        for (const format of ['excel', 'csv'] as const) {
          const download = await exportFrom(page, format);
          expect(download.suggestedFilename()).toBe(
            `${c.file}_${PERIOD}.${format === 'excel' ? 'xlsx' : 'csv'}`,
          );
          const rows = await fileRows(download);
          // Newest first like the list: created at (column 1), the record's number (column 3).
          expect(rows.map((r) => r[2])).toEqual(expected.map(c.numberOf));
          expect(rows.slice(0, 20).map((r) => r[0])).toEqual(
            await page
              .getByRole('table', { name: ja(c.table) })
              .getByRole('row')
              .filter({ has: page.getByRole('cell') })
              .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent?.trim() ?? '')),
          );
        }
        await expect(page.getByRole('region', { name: ja('exports.tray') }).getByRole('group')).toHaveCount(
          2,
        );
      });
    }
  } finally {
    await context.close();
  }
});

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const EXPORT_TIMEOUT_MS = 90_000;
const label = (e: ModelEvent) => ((e.output ?? e.error ?? e) as { label?: string }).label ?? '';

interface Walk {
  page: Page;
  context: BrowserContext;
  steps: readonly Step[];
  held: Route[];
  downloads: Download[];
  cdp: import('@playwright/test').CDPSession;
  refused: boolean;
}

const throttle = (w: Walk, bytesPerSecond: number) =>
  w.cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: -1,
  });

const card = (page: Page) =>
  page
    .getByRole('region', { name: ja('exports.tray') })
    .getByRole('group')
    .last();

async function release(w: Walk, how: 'continue' | 'abort') {
  await expect.poll(() => w.held.length, { message: 'an export request' }).toBeGreaterThan(0);
  const route = w.held.shift()!;
  if (how === 'abort') await route.abort('internetdisconnected');
  else await route.continue();
}

async function perform(w: Walk, i: number) {
  const { event } = w.steps[i];
  const c = card(w.page);
  switch (event.type) {
    case 'xstate.done.actor.requestExport':
      if (label(event) === 'JSON') expect(w.refused).toBe(true);
      return release(w, 'continue');
    case 'xstate.error.actor.requestExport':
      return release(w, 'abort');
    case 'PROGRESS':
      await expect(c.getByRole('status')).toHaveText(/[1-9][\d.]* (B|KB|MB)/);
      return;
    case 'CANCEL':
      return c.getByRole('button', { name: ja('common.cancel') }).click();
    case 'RETRY':
      return c.getByRole('button', { name: ja('common.retry') }).click();
    case 'xstate.done.actor.readStream':
      return throttle(w, -1);
    default:
      if (event.type.startsWith('xstate.after.exportTimeout')) {
        await w.page.clock.fastForward(EXPORT_TIMEOUT_MS);
        return;
      }
      throw new Error(`no browser action for ${event.type}`);
  }
}

/** The failure a user reads, by what caused it. */
function failureText(w: Walk, i: number): string | RegExp {
  const cause = w.steps
    .slice(0, i + 1)
    .reverse()
    .find((s) => s.event.type.startsWith('xstate.'))?.event;
  if (cause && label(cause) === 'JSON') return ja('validation.dateRange', { days: 31 });
  if (cause?.type.startsWith('xstate.after.exportTimeout')) return 'timeout of 90000ms exceeded';
  return new RegExp(ja('common.networkError', { message: '' }).replace(/[()（）]/g, '.'));
}

async function check(w: Walk, i: number) {
  const state = w.steps[i].state;
  const c = card(w.page);
  const status = c.getByRole('status');
  const cancel = c.getByRole('button', { name: ja('common.cancel') });
  const retry = c.getByRole('button', { name: ja('common.retry') });
  if (state.matches('requesting')) {
    await expect(status).toHaveText(ja('exports.requesting'));
    await expect(cancel).toBeVisible();
  } else if (state.matches('streaming')) {
    await expect(c.getByRole('progressbar')).toBeVisible();
    await expect(cancel).toBeVisible();
    await expect(c).toContainText(`_${PERIOD}.xlsx`);
  } else if (state.matches('saved')) {
    await expect(status).toContainText(ja('exports.saved', { size: '' }).replace(/[()（）]/g, ''));
    await expect.poll(() => w.downloads.length).toBe(1);
    expect(w.downloads[0].suggestedFilename()).toBe(`${ja('server.exports.orderFile')}_${PERIOD}.xlsx`);
    await expect(retry).toHaveCount(0);
  } else if (state.matches('failed')) {
    const message = failureText(w, i);
    await expect(status).toContainText(message);
    await expect(toast(w.page, message).first()).toBeVisible();
    await expect(retry).toBeVisible();
    expect(w.downloads).toHaveLength(0);
  } else if (state.matches('cancelled')) {
    await expect(status).toHaveText(ja('exports.cancelled'));
    await expect(retry).toBeVisible();
    expect(w.downloads).toHaveLength(0);
  } else {
    throw new Error(`no check for ${JSON.stringify(state.value)}`);
  }
}

const paths = exportJobPaths();
const covering = exportJobCoveringSet(paths);

test.describe('export job paths', () => {
  for (const { name, path } of namePaths(paths)) {
    if (!covering.walks.includes(path)) continue;
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL,
        storageState: storageOf(baseURL!, session),
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const refused = steps.some((s) => label(s.event) === 'JSON');
      const w: Walk = {
        page,
        context,
        steps,
        held: [],
        downloads: [],
        cdp: await context.newCDPSession(page),
        refused,
      };
      try {
        await w.cdp.send('Network.enable');
        page.on('download', (d) => w.downloads.push(d));
        await page.route('**/api/history/orderInfo/exportExcel', (route) => {
          w.held.push(route);
        });
        await page.clock.install();
        await page.goto(
          refused ? listUrl('/history/order', { beginTime: businessDay(40) }) : listUrl('/history/order', {}),
        );
        await expect(
          page.getByRole('heading', { name: ja('menu.transactionHistory'), level: 1 }),
        ).toBeVisible();
        await throttle(w, 2048);
        await page.getByRole('button', { name: ja('exports.excel') }).click();
        await check(w, 0);
        for (let i = 1; i < steps.length; i++) {
          await test.step(`${steps[i].event.type} ⇒ ${JSON.stringify(steps[i].state.value)}`, async () => {
            await perform(w, i);
            await check(w, i);
          });
        }
      } finally {
        await context.close();
      }
    });
  }
});
