/**
 * The holding pool's end (docs/reconciliation.md, "Holding pool"): a brand day whose statement
 * lacked two of our payments holds them while the pool lasts; the job then matches the day again
 * by itself — the run's own files (the missing ones 300, the day "differences", the orders held
 * back from settlement) or, for a fetched day, the brand's newer statement (a late one that has
 * them: 1, the day matched) — once, audited, whatever passes run. Time is passed, not waited.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayBrand } from '../../src/contract/brands';
import type { Page } from '../../src/contract/envelope';
import { commissionOf } from '../../src/contract/money';
import type { DayState, ReconDayRow, ReconRun } from '../../src/contract/reconciliation';
import type { SandboxConnector } from '../../server/connectors/sandbox';
import type { Injection } from '../../server/connectors/types';
import { dayStatement, fillSandboxBooks } from '../../server/demo/statements';
import {
  auditLog,
  reconciliationRuns,
  settlementOrders,
  statementImportFiles,
  statementImports,
  statementRows,
} from '../../server/db/schema';
import { reconcileDay } from '../../server/modules/reconciliation';
import { endHoldingPools, type HeldDayDone } from '../../server/modules/reconciliation/holdingPool';
import { drainImports } from '../../server/modules/reconciliation/imports';
import { brandDayRange } from '../../server/modules/reconciliation/match';
import { closePeriods } from '../../server/modules/settlements';
import { backends, startHarness, type Harness } from './harness';
import { brandOrder, orderAudit, paymentRow, sandboxOf, type TestOrder } from './reconciliation-support';
import { newCompany } from './settlements-support';

const W = '/history/walletCheck';
const BRAND = 'alipayplus';
const DAY_MS = 86_400_000;
/** The brand's two rows left out of a statement: the day's first two payments. */
const LACKING: Injection[] = [
  { kind: 'missingRow', row: 0 },
  { kind: 'missingRow', row: 1 },
];

describe.each(backends)('the holding pool’s end on $name', (backend) => {
  let h: Harness;
  let admin: string;
  const sandbox = (brand: PayBrand) => sandboxOf(h.db, brand);

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    admin = await h.token('admin');
  });
  afterAll(() => h?.close());

  /** Four paid orders of a company on the brand's day, with the fee the brand charges. */
  async function fourPayments(day: string) {
    const companyId = (await newCompany(h.db)).id;
    const rate = await sandbox(BRAND).feeRate();
    const { start } = brandDayRange(BRAND, day);
    const made: TestOrder[] = [];
    for (const [i, amount] of [2400, 3100, 5000, 7200].entries())
      made.push(
        await brandOrder(h.db, {
          companyId,
          brand: BRAND,
          amount,
          fee: commissionOf(amount, rate),
          at: new Date(start.getTime() + (2 + i) * 3_600_000),
        }),
      );
    return made;
  }

  const pass = (now: Date, connectorOf?: (brand: PayBrand) => SandboxConnector | Lacking) =>
    endHoldingPools({ db: h.db, now, connectorOf, importLeaseMs: 60_000 });

  async function runsOf(day: string) {
    return h.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.brand, BRAND), eq(reconciliationRuns.businessDay, day)))
      .orderBy(reconciliationRuns.id);
  }

  /** The day as the days list shows it to the admin. */
  async function listed(day: string): Promise<ReconDayRow> {
    const r = await h.call<Page<ReconDayRow>>(
      `${W}/page`,
      { beginTime: day, endTime: day, brand: BRAND },
      { token: admin },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    expect(r.body.result!.records).toHaveLength(1);
    return r.body.result!.records[0];
  }

  /** The day's run history as its page shows it: current first, each with its state. */
  async function history(day: string): Promise<[boolean, DayState][]> {
    const r = await h.call<ReconRun[]>(`${W}/runs`, { brand: BRAND, day }, { token: admin });
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    return r.body.result!.map((run) => [run.current, run.state]);
  }

  const audits = (callPath: string) =>
    h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.callPath, callPath), eq(auditLog.objectType, 'reconciliationRun')));

  const results = (os: TestOrder[]) => Promise.all(os.map((o) => orderAudit(h.db, o.id)));

  it('matches a day’s own files again once its pool has ended: the held ones 300, the day differences, held back from settlement; once', async () => {
    const day = '2026-08-11';
    const [inFile1, inFile2, missing1, missing2] = await fourPayments(day);
    const { end } = brandDayRange(BRAND, day);
    // An operator uploaded the day's statement, short of two payments.
    const first = await reconcileDay(h.db, {
      brand: BRAND,
      day,
      rows: [paymentRow(BRAND, inFile1), paymentRow(BRAND, inFile2)],
      source: 'uploaded',
      fileName: 'alipay-20260811.csv',
      contentHash: 'c'.repeat(64),
      now: new Date(end.getTime() + 10 * 3_600_000),
    });
    expect(first.counts).toMatchObject({ 1: 2, 300: 0, held: 2 });
    const poolEnds = new Date(end.getTime() + 3 * DAY_MS);
    expect((await listed(day)).holdingUntil).toBe(poolEnds.toISOString());
    expect((await listed(day)).state).toBe('waiting');

    // A second before the pool ends: nothing to do.
    expect(await pass(new Date(poolEnds.getTime() - 1000))).toEqual([]);
    expect((await runsOf(day)).map((r) => r.id)).toEqual([first.runId]);
    expect(await results([missing1, missing2])).toEqual([
      { status: 0, result: null },
      { status: 0, result: null },
    ]);

    // The pool has ended: the day is matched again from its own files, even though the brand
    // (asked by nobody: the day was uploaded) has the rows in its books.
    await fillSandboxBooks(h.db, 'all');
    const done = await pass(poolEnds, (brand) => sandbox(brand));
    const [, second] = await runsOf(day);
    expect(done).toEqual([{ brand: BRAND, day, runId: second.id, how: 'rematched' }] satisfies HeldDayDone[]);
    expect(second).toMatchObject({
      replacesRunId: first.runId,
      replacedByRunId: null,
      source: 'uploaded',
      fileName: 'alipay-20260811.csv',
      contentHash: 'c'.repeat(64),
      rowCount: 2,
      holdingUntil: poolEnds,
      counts: { 1: 2, 300: 2, held: 0 },
    });
    expect(second.files).toEqual([
      expect.objectContaining({ fileName: 'alipay-20260811.csv', rowsRunId: second.id }),
    ]);
    expect(await h.db.select().from(statementRows).where(eq(statementRows.runId, second.id))).toHaveLength(2);
    expect(await h.db.select().from(statementImports).where(eq(statementImports.businessDay, day))).toEqual(
      [],
    );
    expect(await results([inFile1, inFile2, missing1, missing2])).toEqual([
      { status: 1, result: 1 },
      { status: 1, result: 1 },
      { status: 2, result: 300 },
      { status: 2, result: 300 },
    ]);
    expect(await listed(day)).toMatchObject({ runId: second.id, state: 'differences', open: 2 });
    expect(await history(day)).toEqual([
      [true, 'differences'],
      [false, 'waiting'],
    ]);
    const audited = (await audits('holdingPool')).filter((a) => a.objectId === String(second.id));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      loginId: 'system',
      action: 'reconcile',
      before: { runId: first.runId, counts: { held: 2 } },
      after: { day, status: 'matched', counts: { 1: 2, 300: 2, held: 0 } },
    });

    // Again, and two passes at once (two server processes): nothing more.
    const later = new Date(poolEnds.getTime() + 3_600_000);
    expect(await pass(later)).toEqual([]);
    expect((await Promise.all([pass(later), pass(later)])).flat()).toEqual([]);
    expect(await h.app.deps().jobs.runNow('holdingPool')).toBe(true);
    expect((await runsOf(day)).map((r) => r.id)).toEqual([first.runId, second.id]);
    expect((await audits('holdingPool')).filter((a) => a.objectId === String(second.id))).toHaveLength(1);

    // The 300 orders are held back from the company's August settlement; the matched ones settle.
    await closePeriods(h.db, { through: '2026-08-31', zone: 'Asia/Tokyo' });
    const settled = await h.db
      .select({ orderId: settlementOrders.orderId })
      .from(settlementOrders)
      .where(
        and(
          eq(settlementOrders.kind, 'merchant'),
          inArray(
            settlementOrders.orderId,
            [inFile1, inFile2, missing1, missing2].map((o) => o.id),
          ),
        ),
      );
    expect(settled.map((s) => s.orderId).sort()).toEqual([inFile1.id, inFile2.id].sort());
  });

  it('two passes at the same moment match a day once', async () => {
    const day = '2026-08-14';
    const [inFile, , missing1, missing2] = await fourPayments(day);
    const { end } = brandDayRange(BRAND, day);
    const first = await reconcileDay(h.db, {
      brand: BRAND,
      day,
      rows: [paymentRow(BRAND, inFile)],
      source: 'uploaded',
      fileName: 'alipay-20260814.csv',
      contentHash: 'd'.repeat(64),
      now: new Date(end.getTime() + 3_600_000),
    });
    expect(first.counts).toMatchObject({ 1: 1, held: 3 });
    const now = new Date(end.getTime() + 4 * DAY_MS);
    const done = (await Promise.all([pass(now), pass(now)])).flat();
    expect(done).toHaveLength(1);
    const runs = await runsOf(day);
    expect(runs.map((r) => [r.replacedByRunId === null, r.counts.held, r.counts['300']])).toEqual([
      [false, 3, 0],
      [true, 0, 3],
    ]);
    expect(await results([missing1, missing2])).toEqual([
      { status: 2, result: 300 },
      { status: 2, result: 300 },
    ]);
  });

  it('leaves a day whose import is queued to the import worker (the job died after queueing the late statement): the worker finishes it', async () => {
    const day = '2026-08-15';
    const payments = await fourPayments(day);
    await fillSandboxBooks(h.db, 'all');
    const { end } = brandDayRange(BRAND, day);
    const fetchedAt = new Date(end.getTime() + 12 * 3_600_000);
    const statement = await dayStatement(sandbox(BRAND), day, fetchedAt, LACKING);
    const first = await reconcileDay(h.db, {
      ...statement!,
      brand: BRAND,
      day,
      source: 'fetched',
      now: fetchedAt,
    });
    expect(first.counts).toMatchObject({ held: 2 });
    // The late statement, queued by a pass whose process then died.
    const [late] = await sandbox(BRAND).fetchStatements(day, { now: fetchedAt });
    const [queued] = await h.db
      .insert(statementImports)
      .values({
        source: 'fetched',
        brand: BRAND,
        businessDay: day,
        fileName: late.fileName,
        size: late.bytes.length,
        status: 'queued',
      })
      .returning({ id: statementImports.id });
    await h.db.insert(statementImportFiles).values({
      importId: queued.id,
      seq: 0,
      fileName: late.fileName,
      size: late.bytes.length,
      content: late.bytes,
    });
    const poolEnds = new Date(end.getTime() + 3 * DAY_MS);
    expect(await pass(poolEnds, (brand) => sandbox(brand))).toEqual([]);
    expect((await runsOf(day)).map((r) => r.id)).toEqual([first.runId]);
    // The import worker runs it: the day is decided, and the next pass has nothing to do.
    await drainImports(h.db, 60_000, { clock: () => poolEnds });
    expect(await results(payments)).toEqual(payments.map(() => ({ status: 1, result: 1 })));
    expect(await listed(day)).toMatchObject({ state: 'matched', counts: { 1: 4, held: 0 } });
    expect(await pass(poolEnds, (brand) => sandbox(brand))).toEqual([]);
    expect(await runsOf(day)).toHaveLength(2);
  });

  it('asks the brand again for a fetched day: a late statement with the rows makes them 1 and the day matched; the same statement, 300', async () => {
    // Two fetched days, each short of its first two payments. At the pool's end the brand still
    // lacks them on the 12th but has put out a late statement with them for the 13th.
    const stillShort = '2026-08-12';
    const late = '2026-08-13';
    const short = await fourPayments(stillShort);
    const corrected = await fourPayments(late);
    await fillSandboxBooks(h.db, 'all');
    for (const day of [stillShort, late]) {
      const { end } = brandDayRange(BRAND, day);
      const now = new Date(end.getTime() + 12 * 3_600_000);
      const statement = await dayStatement(sandbox(BRAND), day, now, LACKING);
      const run = await reconcileDay(h.db, { ...statement!, brand: BRAND, day, source: 'fetched', now });
      expect(run.counts).toMatchObject({ 1: 2, held: 2 });
      expect((await listed(day)).state).toBe('waiting');
    }
    const connectorOf = (brand: PayBrand) => new Lacking(sandbox(brand), stillShort);
    const poolEnds = new Date(brandDayRange(BRAND, late).end.getTime() + 3 * DAY_MS);
    const ran = await pass(poolEnds, connectorOf);
    const current = async (day: string) => (await runsOf(day)).at(-1)!;
    expect(ran).toEqual([
      { brand: BRAND, day: stillShort, runId: (await current(stillShort)).id, how: 'rematched' },
      { brand: BRAND, day: late, runId: (await current(late)).id, how: 'refetched' },
    ] satisfies HeldDayDone[]);

    // The 12th: the brand's file is the one the run has, so its own files again: 300.
    expect(await results(short)).toEqual([
      { status: 2, result: 300 },
      { status: 2, result: 300 },
      { status: 1, result: 1 },
      { status: 1, result: 1 },
    ]);
    expect(await listed(stillShort)).toMatchObject({ state: 'differences', open: 2 });
    expect(
      await h.db.select().from(statementImports).where(eq(statementImports.businessDay, stillShort)),
    ).toEqual([]);

    // The 13th: the late statement imported as the brand's (audited as the job's), every payment 1.
    const [imported] = await h.db
      .select()
      .from(statementImports)
      .where(eq(statementImports.businessDay, late));
    expect(imported).toMatchObject({ source: 'fetched', status: 'done', runId: (await current(late)).id });
    const importAudit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'statementImport'), eq(auditLog.objectId, String(imported.id))));
    expect(importAudit.map((a) => [a.callPath, a.action])).toEqual([['holdingPool', 'create']]);
    expect(await results(corrected)).toEqual(corrected.map(() => ({ status: 1, result: 1 })));
    expect(await listed(late)).toMatchObject({ state: 'matched', open: 0, counts: { 1: 4, held: 0 } });
    expect(await history(late)).toEqual([
      [true, 'matched'],
      [false, 'waiting'],
    ]);

    // A second pass: nothing to do, nothing fetched.
    expect(await pass(new Date(poolEnds.getTime() + 600_000), connectorOf)).toEqual([]);
    const imports = await h.db
      .select({ day: statementImports.businessDay })
      .from(statementImports)
      .where(inArray(statementImports.businessDay, [stillShort, late]));
    expect(imports).toEqual([{ day: late }]);
  });
});

/** The sandbox brand, whose statement of `day` still lacks the day's first two payments. */
class Lacking {
  constructor(
    private readonly brand: SandboxConnector,
    private readonly day: string,
  ) {}
  fetchStatements(day: string, options: { now?: Date } = {}) {
    return this.brand.fetchStatements(day, { ...options, inject: day === this.day ? LACKING : [] });
  }
}
