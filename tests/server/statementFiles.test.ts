/**
 * A brand day written as several files (docs/reconciliation.md, "Several files a day"): the card
 * acquirer's batch per currency and WeChat Pay's bill per settlement currency are fetched as one
 * import and matched as one run; an uploaded bill of one currency joins the day's others, a
 * corrected one replaces its own currency's part only, a refused one refuses the day until it
 * is corrected, and a fetch brings the whole day again.
 */
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayBrand } from '../../src/contract/brands';
import { commissionOf } from '../../src/contract/money';
import type { ReconRun } from '../../src/contract/reconciliation';
import type { StatementImportView } from '../../src/contract/statementImports';
import type { Injection } from '../../server/connectors/types';
import { fillSandboxBooks } from '../../server/demo/statements';
import { reconciliationRuns, statementImportFiles, statementRows } from '../../server/db/schema';
import { importsSettled } from '../../server/modules/reconciliation';
import { runFetches } from '../../server/modules/reconciliation/fetchJob';
import { drainImports } from '../../server/modules/reconciliation/imports';
import { backends, startHarness, type Harness } from './harness';
import {
  brandOrder,
  orderAudit,
  resultsOf,
  runOf,
  sandboxOf,
  type TestOrder,
} from './reconciliation-support';
import { newCompany } from './settlements-support';
import { upload } from './uploads-support';

const W = '/history/walletCheck';

describe.each(backends)('a brand day of several files on $name', (backend) => {
  let h: Harness;
  let admin: string;
  let companyId: number;
  const sandbox = (brand: PayBrand) => sandboxOf(h.db, brand);

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0, statementFetchDays: 0 });
    admin = await h.token('admin');
    companyId = (await newCompany(h.db)).id;
  });
  afterAll(() => h?.close());

  /** Our paid order with the fee the brand charges, and the brand's record of it. */
  async function paid(brand: PayBrand, currency: string, amount: number, at: string) {
    const rate = await sandbox(brand).feeRate();
    return brandOrder(h.db, {
      companyId,
      brand,
      currency,
      amount,
      fee: commissionOf(amount, rate),
      at: new Date(at),
    });
  }

  async function currentRun(brand: PayBrand, day: string) {
    const runs = await h.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.businessDay, day));
    const current = runs.filter((r) => r.brand === brand && r.replacedByRunId === null);
    expect(current).toHaveLength(1);
    return current[0];
  }

  /** The audit result of each order (null: not audited). */
  async function results(...os: TestOrder[]) {
    return Promise.all(os.map(async (o) => (await orderAudit(h.db, o.id)).result));
  }

  /** A bill of the day in one currency as the sandbox brand writes it (with discrepancies). */
  async function bill(day: string, currency: string, inject: Injection[] = []) {
    return sandbox('wechat').fetchStatement(day, {
      currency,
      inject,
      now: new Date('2031-01-01T00:00:00Z'),
    });
  }

  /** An operator's upload of a WeChat Pay bill for the day, run to its end. */
  async function uploaded(name: string, data: Buffer, day: string): Promise<StatementImportView> {
    const r = await upload<{ id: number }>(
      h,
      `${W}/import/upload`,
      admin,
      { name, data },
      { brand: 'wechat', businessDay: day },
    );
    expect(r.body.resultType, JSON.stringify(r.body)).toBe('SUCCESS');
    await importsSettled(h.db);
    const got = await h.call<StatementImportView>(
      `${W}/import/get`,
      { id: r.body.result!.id },
      { token: admin },
    );
    return got.body.result!;
  }

  it('the card acquirer’s yen and dollar batches are fetched as one import and matched as one run', async () => {
    const day = '2030-02-14';
    const yen = await paid('card', 'JPY', 12_000, '2030-02-14T03:00:00Z');
    const dollars = await paid('card', 'USD', 4_550, '2030-02-14T05:00:00Z');
    await fillSandboxBooks(h.db, 'all');
    const queued = await runFetches({
      db: h.db,
      connectorOf: (brand) => sandbox(brand),
      now: new Date('2030-02-15T03:00:00Z'),
      days: 1,
    });
    await drainImports(h.db, 60_000);
    const files = await h.db.select().from(statementImportFiles);
    const cardFiles = files.filter((f) => f.fileName.startsWith('card_settlement_')).map((f) => f.fileName);
    expect(cardFiles.sort()).toEqual([
      'card_settlement_JPY_20300214.csv',
      'card_settlement_USD_20300214.csv',
    ]);
    expect(new Set(files.filter((f) => f.fileName.startsWith('card_')).map((f) => f.importId)).size).toBe(1);
    const run = await currentRun('card', day);
    expect(queued).toContain(
      (await h.db.select().from(statementImportFiles)).find((f) => f.fileName.startsWith('card_'))!.importId,
    );
    expect(run.fileName).toBe('card_settlement_JPY_20300214.csv + card_settlement_USD_20300214.csv');
    expect(run.files.map((f) => f.currency)).toEqual(['JPY', 'USD']);
    expect(run).toMatchObject({ status: 'matched', rowCount: 2 });
    // Both matched: the dollar sale is not waiting for a file that was never fetched.
    expect(run.counts).toMatchObject({ '1': 2, held: 0 });
    expect(await results(yen, dollars)).toEqual([1, 1]);
  });

  it('WeChat Pay’s bills: an upload joins the other currency, replaces its own, refuses and recovers', async () => {
    const day = '2026-03-10';
    // 12:00 and 13:00 GMT+8 on the day.
    const cny = await paid('wechat', 'CNY', 8_800, '2026-03-10T04:00:00Z');
    const jpy = await paid('wechat', 'JPY', 15_000, '2026-03-10T05:00:00Z');
    await fillSandboxBooks(h.db, 'all');

    // The operator fetches the day: both bills, one run.
    const fetched = await h.call<{ id: number }>(
      `${W}/import/refetch`,
      { brand: 'wechat', businessDay: day },
      { token: admin },
    );
    expect(fetched.body.resultType, JSON.stringify(fetched.body)).toBe('SUCCESS');
    await importsSettled(h.db);
    const first = await currentRun('wechat', day);
    expect(first.files.map((f) => [f.currency, f.fileName])).toEqual([
      ['CNY', 'wechat_tradebill_ALL_20260310.csv'],
      ['JPY', 'wechat_tradebill_ALL_JPY_20260310.csv'],
    ]);
    expect(first.counts).toMatchObject({ '1': 2, held: 0 });
    expect(await results(cny, jpy)).toEqual([1, 1]);

    // A corrected yen bill (the brand's amount differs) replaces the yen part only.
    const corrected = await bill(day, 'JPY', [{ kind: 'amount', row: 0, delta: 5 }]);
    const v = await uploaded('jpy-corrected.csv', corrected.bytes, day);
    expect(v).toMatchObject({ status: 'done', unchanged: false, businessDay: day });
    const second = await currentRun('wechat', day);
    expect(second.replacesRunId).toBe(first.id);
    expect(second.files.map((f) => [f.currency, f.fileName])).toEqual([
      ['CNY', 'wechat_tradebill_ALL_20260310.csv'],
      ['JPY', 'jpy-corrected.csv'],
    ]);
    expect(second.files.map((f) => f.rowsRunId)).toEqual([second.id, second.id]);
    expect(second.counts).toMatchObject({ '1': 1, '600': 1, held: 0 });
    expect(await results(cny, jpy)).toEqual([1, 600]);
    // The kept yuan row was copied into the new run, as read the first time.
    const rows = await h.db.select().from(statementRows).where(eq(statementRows.runId, second.id));
    expect(rows.map((r) => [r.currency, r.amount]).sort()).toEqual([
      ['CNY', 8_800],
      ['JPY', 15_005],
    ]);

    // The same yen bill again, or the yuan bill the run already holds: nothing changes.
    expect(await uploaded('jpy-corrected.csv', corrected.bytes, day)).toMatchObject({
      status: 'done',
      unchanged: true,
      runId: second.id,
    });
    const yuan = await bill(day, 'CNY');
    expect(await uploaded('wechat_tradebill_ALL_20260310.csv', yuan.bytes, day)).toMatchObject({
      unchanged: true,
      runId: second.id,
    });

    // A yen bill that does not parse refuses the day (400 for both orders) …
    const corrupt = await bill(day, 'JPY', [{ kind: 'unparseableRow', row: 0 }]);
    const refused = await uploaded('jpy-broken.csv', corrupt.bytes, day);
    expect(refused.status).toBe('refused');
    const third = await currentRun('wechat', day);
    expect(third.status).toBe('refused');
    // Its first row is unreadable, so it cannot tell its currency: it replaces none of the day's
    // bills (their rows kept in the refused run), and the next file replaces it.
    expect(third.files.map((f) => [f.currency, f.rowsRunId, f.refusal?.reason ?? null])).toEqual([
      [null, null, refused.refusal!.reason],
      ['CNY', third.id, null],
      ['JPY', third.id, null],
    ]);
    expect(await results(cny, jpy)).toEqual([400, 400]);
    // … its parsed yuan rows kept but not listed as the brand's transactions of a matched day.
    const listed = await h.call<{ records: unknown[] }>(
      '/history/walletTrade/page',
      { beginTime: day, endTime: day, brand: 'wechat' },
      { token: admin },
    );
    expect(listed.body.resultType).toBe('SUCCESS');
    expect(listed.body.result!.records).toEqual([]);
    // … until the good yen bill comes: it joins the yuan rows the refused run kept.
    const good = await bill(day, 'JPY');
    expect(await uploaded('jpy-good.csv', good.bytes, day)).toMatchObject({
      status: 'done',
      unchanged: false,
    });
    const fourth = await currentRun('wechat', day);
    expect(fourth).toMatchObject({ status: 'matched', rowCount: 2 });
    expect(fourth.counts).toMatchObject({ '1': 2, '400': 0, held: 0 });
    expect(await results(cny, jpy)).toEqual([1, 1]);
    const kinds = (await resultsOf(h.db, fourth.id)).map((r) => r.code).sort();
    expect(kinds).toEqual([1, 1]);

    // A broken bill under the brand's name tells its currency: it refuses the yen part alone.
    const named = await uploaded(corrupt.fileName, corrupt.bytes, day);
    expect(named.status).toBe('refused');
    const broken = await currentRun('wechat', day);
    expect(broken.files.map((f) => [f.currency, f.rowsRunId, f.refusal?.reason ?? null])).toEqual([
      ['CNY', broken.id, null],
      ['JPY', null, named.refusal!.reason],
    ]);
    expect(await results(cny, jpy)).toEqual([400, 400]);
    // The day's page lists the run's files, the refused one marked, and names it in the refusal.
    const runs = await h.call<ReconRun[]>(`${W}/runs`, { brand: 'wechat', day }, { token: admin });
    expect(runs.body.resultType).toBe('SUCCESS');
    const shown = runs.body.result![0];
    expect(shown).toMatchObject({ id: broken.id, current: true, status: 'refused' });
    expect(shown.files.map((f) => [f.fileName, f.currency, f.refused])).toEqual([
      ['wechat_tradebill_ALL_20260310.csv', 'CNY', false],
      [corrupt.fileName, 'JPY', true],
    ]);
    expect(shown.refusalDetail).toContain(`${corrupt.fileName}: `);

    // A fetch is the whole day again, from the brand: after another upload of the corrected yen
    // bill (600 again), its two files under their own names, both matched.
    await uploaded('jpy-corrected.csv', corrected.bytes, day);
    expect(await results(cny, jpy)).toEqual([1, 600]);
    await h.call(`${W}/import/refetch`, { brand: 'wechat', businessDay: day }, { token: admin });
    await importsSettled(h.db);
    const last = await currentRun('wechat', day);
    expect(last.fileName).toBe(first.fileName);
    expect(last.contentHash).toBe(first.contentHash);
    expect((await runOf(h.db, last.id)).counts).toMatchObject({ '1': 2, held: 0 });
    expect(await results(cny, jpy)).toEqual([1, 1]);
  });

  it('a cross-border (yen) bill saved again as GBK is read as WeChat Pay wrote it: the day is matched', async () => {
    const day = '2026-03-12';
    const jpy = await paid('wechat', 'JPY', 9_600, '2026-03-12T05:00:00Z');
    await fillSandboxBooks(h.db, 'all');
    const written = await bill(day, 'JPY');
    // As WeChat Pay writes it: UTF-8 with a BOM. Saved again by a spreadsheet in China: GBK.
    expect([...written.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const gbk = iconv.encode(written.bytes.subarray(3).toString('utf8'), 'gbk');
    expect(iconv.decode(gbk, 'gbk')).toBe(written.bytes.subarray(3).toString('utf8'));
    expect(gbk.toString('utf8')).toContain('\uFFFD'); // not UTF-8

    const v = await uploaded(written.fileName, gbk, day);
    expect(v).toMatchObject({ status: 'done', refusal: null, businessDay: day });
    const run = await currentRun('wechat', day);
    expect(run).toMatchObject({ status: 'matched', refusalReason: null, rowCount: 1 });
    expect(run.files.map((f) => [f.currency, f.refusal])).toEqual([['JPY', null]]);
    expect(await results(jpy)).toEqual([1]);
  });
});
