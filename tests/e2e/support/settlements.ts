/**
 * What the settlement specs share: the settlements of the e2e server's demo data read through
 * the API (to pick each test's own), the checkout and the batch calls a second session makes,
 * and the Zengin file read back as a bank would.
 */
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import md5 from 'md5';
import type { Page as ListPage } from '../../../src/contract/envelope';
import type {
  BatchSummary,
  CheckoutDone,
  PayoutKind,
  SettlementKind,
  SettlementRow,
} from '../../../src/contract/settlements';
import { PASSWORD } from '../fixtures';
import { apiCall, ja } from './ui';
import { businessDay } from './payments';

const PREFIX: Record<SettlementKind, string> = {
  merchant: '/history/platformCheckoutInfo',
  agent: '/history/agentCheckoutInfo',
  brand: '/history/brandCheckoutInfo',
};

/** The settlements of a kind the caller sees, the last 75 days, with the list's filters. */
export async function settlementRows(
  request: APIRequestContext,
  token: string,
  kind: SettlementKind,
  filters: Record<string, string> = {},
): Promise<SettlementRow[]> {
  const r = await apiCall<ListPage<SettlementRow>>(request, token, `${PREFIX[kind]}/page`, {
    beginTime: businessDay(74),
    endTime: businessDay(0),
    pageNum: 1,
    pageSize: 100,
    ...filters,
  });
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  return r.result.records;
}

/** One settlement as the server has it now. */
export async function settlementNow(
  request: APIRequestContext,
  token: string,
  kind: SettlementKind,
  no: string,
) {
  const rows = await settlementRows(request, token, kind);
  const row = rows.find((r) => r.settlementNo === no);
  expect(row, `settlement ${no}`).toBeTruthy();
  return row!;
}

/** A checkout made through the API (another operator's session). */
export async function apiCheckout(
  request: APIRequestContext,
  token: string,
  kind: PayoutKind,
  ids: number[],
  transferDate: string,
  password = PASSWORD,
) {
  return apiCall<CheckoutDone>(request, token, `${PREFIX[kind]}/checkout`, {
    ids,
    transferDate,
    refundPassword: md5(password).toUpperCase(),
    batchKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
  });
}

/** Reverses a batch (what an admin does when the bank rejected it): its settlements are free again. */
export async function apiReverse(request: APIRequestContext, token: string, kind: PayoutKind, id: number) {
  const r = await apiCall<BatchSummary>(request, token, `${PREFIX[kind]}/batch/reverse`, {
    id,
    reason: 'e2e: put back',
  });
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
}

/** Marks a batch remitted (what an operator does once the bank confirmed it). */
export async function apiRemit(request: APIRequestContext, token: string, kind: PayoutKind, id: number) {
  const r = await apiCall<BatchSummary>(request, token, `${PREFIX[kind]}/batch/remit`, { id });
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
}

/** The batches of a kind, newest first. */
export async function apiBatches(request: APIRequestContext, token: string, kind: PayoutKind) {
  const r = await apiCall<ListPage<BatchSummary>>(request, token, `${PREFIX[kind]}/batch/page`, {
    pageNum: 1,
    pageSize: 50,
  });
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  return r.result.records;
}

export interface ZenginTransfer {
  bankCode: string;
  branchCode: string;
  accountNumber: string;
  /** 受取人名 (half-width kana), trailing spaces cut. */
  payee: string;
  amount: number;
}

/**
 * A Zengin 総合振込 file read back: Shift_JIS 120-byte records each followed by CRLF, header (1),
 * a data record per transfer (2), trailer (8: count and total), end (9).
 */
export function parseZengin(bytes: Buffer) {
  expect(bytes.length % 122, 'whole 120-byte records with CRLF').toBe(0);
  const records: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 122) {
    expect(bytes.subarray(i + 120, i + 122).toString('latin1'), `record ${i / 122 + 1} ends in CRLF`).toBe(
      '\r\n',
    );
    records.push(bytes.subarray(i, i + 120));
  }
  const field = (r: Buffer, from: number, length: number) =>
    iconv.decode(r.subarray(from, from + length), 'Shift_JIS');
  const kinds = records.map((r) => field(r, 0, 1)).join('');
  expect(kinds, 'header, data…, trailer, end').toMatch(/^12+89$/);
  const header = records[0];
  const data = records.slice(1, -2);
  const trailer = records.at(-2)!;
  const transfers: ZenginTransfer[] = data.map((r) => ({
    bankCode: field(r, 1, 4),
    branchCode: field(r, 20, 3),
    accountNumber: field(r, 43, 7),
    payee: field(r, 50, 30).trimEnd(),
    amount: Number(field(r, 80, 10)),
  }));
  return {
    typeCode: field(header, 1, 2),
    /** 取組日 MMDD. */
    transferDay: field(header, 54, 4),
    transfers,
    count: Number(field(trailer, 1, 6)),
    total: Number(field(trailer, 7, 12)),
  };
}

/** The bytes of a download. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The digits of a shown yen amount ("1,234円" → 1234; a minus kept). */
export const yenOf = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** The settlement list's parts (Japanese). */
export const settlementScreen = (page: Page) => {
  const filters = page.getByRole('search', { name: ja('common.filters') });
  return {
    filters,
    table: page.getByRole('table', { name: ja('settlements.list.table') }),
    totals: page.getByRole('region', { name: ja('settlements.list.totals') }),
    select: (labelKey: string) => filters.getByLabel(ja(labelKey), { exact: true }),
    search: () => filters.getByRole('button', { name: ja('common.search') }).click(),
    rowBox: (no: string) => page.getByRole('checkbox', { name: ja('settlements.list.selectRow', { no }) }),
    payOut: page.getByRole('button', { name: new RegExp(`^${ja('settlements.checkout.open')}`) }),
    dialog: page.getByRole('dialog', { name: ja('settlements.checkout.title') }),
  };
};
