/**
 * What the payment browser tests share: paid demo orders of the signed-in company picked
 * through the API, the company's sandbox behaviour per brand, refunds made through the API
 * (another operator meanwhile), and the order detail / refund dialog as a user sees them.
 */
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import md5 from 'md5';
import type { Page as ListPage } from '../../../src/contract/envelope';
import type { OrderDetail, OrderRow } from '../../../src/contract/orders';
import type { SandboxBehaviour } from '../../../src/contract/brands';
import { DateTime } from 'luxon';
import { apiCall, tr } from './ui';
import type { WorkingLanguage } from '../../../src/contract/locale';

export const ZONE = 'Asia/Tokyo';
export const businessDay = (daysAgo: number) =>
  DateTime.now().setZone(ZONE).minus({ days: daysAgo }).toFormat('yyyy-MM-dd');
/** The widest range the lists take: the last 31 business days. */
export const LAST_31_DAYS = { beginTime: businessDay(30), endTime: businessDay(0) };

/** Every order of the caller's scope matching `filters` in the last 31 days. */
export async function ordersOf(
  request: APIRequestContext,
  token: string,
  filters: Record<string, string> = {},
) {
  const rows: OrderRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const reply = await apiCall<ListPage<OrderRow>>(request, token, '/history/orderInfo/page', {
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

/**
 * A paid, never refunded JPY order of at least `minAmount` yen that no test has touched:
 * picked afresh each time, so an order a test refunded is not picked again.
 */
export async function untouchedPaidOrder(
  request: APIRequestContext,
  token: string,
  minAmount = 1001,
  skip: ReadonlySet<string> = new Set(),
) {
  const rows = await ordersOf(request, token, { status: '0' });
  const order = rows.find(
    (r) =>
      r.status === 'success' &&
      r.refundedAmount === 0 &&
      r.currency === 'JPY' &&
      r.amount >= minAmount &&
      !skip.has(r.gatewayOrderNo),
  );
  if (!order) throw new Error('no untouched paid order left in the demo data');
  return order;
}

export async function orderDetail(request: APIRequestContext, token: string, gatewayOrderNo: string) {
  const reply = await apiCall<OrderDetail>(request, token, '/history/orderInfo/get', { gatewayOrderNo });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
  return reply.result;
}

/** The company's sandbox brand behaves like this from now on (/org/brandSetting/save, as an admin). */
export async function setSandbox(
  request: APIRequestContext,
  adminToken: string,
  companyId: number,
  brand: string,
  behaviour: SandboxBehaviour,
) {
  const reply = await apiCall(request, adminToken, '/org/brandSetting/save', {
    companyId,
    settings: [{ brand, connector: 'sandbox', sandboxBehaviour: behaviour }],
  });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
}

/** A refund made through the API (another operator, or wrong passwords counted). */
export function apiRefund(
  request: APIRequestContext,
  token: string,
  input: { gatewayOrderNo: string; refundAmount: number; password: string; fullRefund?: boolean },
) {
  return apiCall<{ gatewayRefundNo: string; refundStatus: string }>(request, token, '/pay/refund/refund', {
    gatewayOrderNo: input.gatewayOrderNo,
    refundAmount: input.refundAmount,
    fullRefund: input.fullRefund ?? false,
    refundPassword: md5(input.password).toUpperCase(),
    remark: '',
  });
}

/** The order detail page and its refund dialog, in `lang`. */
export function orderScreen(page: Page, lang: WorkingLanguage = 'jp') {
  const t = (key: string, values?: Record<string, unknown>) => tr(lang, key, values);
  const dialog = page.getByRole('dialog');
  return {
    t,
    heading: page.getByRole('heading', { name: t('orders.detail.title'), level: 1 }),
    refundButton: page.getByRole('button', { name: t('refunds.refund.open'), exact: true }),
    syncButton: page.getByRole('button', { name: t('orders.detail.sync') }),
    refundsTable: page.getByRole('table', { name: t('orders.detail.refunds') }),
    dialog,
    amount: dialog.getByLabel(t('fields.refundAmount'), { exact: true }),
    fullRefund: dialog.getByText(t('refunds.refund.fullRefund')),
    fullRefundBox: dialog.getByRole('checkbox'),
    next: dialog.getByRole('button', { name: t('common.next'), exact: true }),
    back: dialog.getByRole('button', { name: t('common.back'), exact: true }),
    password: dialog.getByLabel(t('fields.refundPassword'), { exact: true }),
    submit: dialog.getByRole('button', { name: t('refunds.refund.submit'), exact: true }),
    edit: dialog.getByRole('button', { name: t('refunds.refund.edit'), exact: true }),
    retry: dialog.getByRole('button', { name: t('refunds.refund.retry'), exact: true }),
    close: dialog.getByRole('button', { name: t('common.close'), exact: true }),
    alert: dialog.getByRole('alert'),
    outcome: dialog.getByRole('status'),
  };
}

/** Opens an order's detail and waits for it. */
export async function openOrder(page: Page, gatewayOrderNo: string, lang: WorkingLanguage = 'jp') {
  await page.goto(`/history/order/${gatewayOrderNo}`);
  const s = orderScreen(page, lang);
  await expect(s.heading).toBeVisible();
  await expect(page.getByText(gatewayOrderNo).first()).toBeVisible();
  return s;
}

/** The data rows of a downloaded export (CSV or XLSX), header row left out, as cell texts. */
export async function fileRows(download: Download): Promise<string[][]> {
  const raw = await readFile((await download.path())!);
  if (download.suggestedFilename().endsWith('.csv'))
    return (parse(raw, { bom: true }) as string[][]).slice(1);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text));
  });
  return rows;
}
