import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementImportView } from '../../src/contract/statementImports';
import { StatementNotReady } from '../../server/connectors';
import { auditLog, orderAudits, statementFetches, statementImports } from '../../server/db/schema';
import { importsSettled } from '../../server/modules/reconciliation';
import { backoffMs, runFetches } from '../../server/modules/reconciliation/fetchJob';
import { drainImports } from '../../server/modules/reconciliation/imports';
import { backends, startHarness, type Harness } from './harness';
import { brandOrder } from './reconciliation-support';
import { newCompany } from './settlements-support';
import { upload } from './uploads-support';

const FIXTURES = 'tests/fixtures/statements';
const fixture = (name: string) => readFileSync(`${FIXTURES}/${name}`);
const W = '/history/walletCheck/import';
const P = '/history/paypayCheck/import';

describe.each(backends)('statement imports on $name', (backend) => {
  let h: Harness;
  let admin: string;
  let sysop: string;
  let coAdmin: string;

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0, statementFetchDays: 0 });
    admin = await h.token('admin');
    sysop = await h.token('sysop');
    coAdmin = await h.token('co-admin');
  });
  afterAll(() => h?.close());

  /** Uploads and waits for the import to finish; the import as `get` gives it. */
  async function imported(prefix: string, name: string, data: Buffer, fields: Record<string, string> = {}) {
    const r = await upload<{ id: number }>(h, `${prefix}/upload`, admin, { name, data }, fields);
    expect(r.body.resultType, JSON.stringify(r.body)).toBe('SUCCESS');
    await importsSettled(h.db);
    const got = await h.call<StatementImportView>(
      `${prefix}/get`,
      { id: r.body.result!.id },
      { token: admin },
    );
    expect(got.body.resultType).toBe('SUCCESS');
    return got.body.result!;
  }

  it.each([
    [W, 'wechat-utf8bom.csv', {}, 'wechat', '2025-04-01'],
    [W, 'wechat-gbk.csv', {}, 'wechat', '2025-04-01'],
    [W, 'wechat-global-utf8bom.csv', {}, 'wechat', '2025-04-01'],
    [W, '1000123_settle_20250401_B0001.csv', {}, 'alipayplus', '2025-04-01'],
    [P, 'paypay-sjis.csv', { businessDay: '2025-04-01' }, 'paypay', '2025-04-01'],
  ])('%s: %s is imported and matched', async (prefix, name, fields, brand, day) => {
    const v = await imported(prefix, name, fixture(name), fields);
    expect(v).toMatchObject({ status: 'done', brand, businessDay: day, fileName: name, refusal: null });
    expect(v.rowsTotal).toBeGreaterThan(0);
    expect(v.rowsDone).toBe(v.rowsTotal);
    expect(v.runId).toBeGreaterThan(0);
    expect(v.counts!['200']).toBeGreaterThan(0);
    expect(v.createdBy).toBe('admin');
  });

  it('the card acquirer’s statement (no screen imports it) is fetched and imported', async () => {
    const file = {
      fileName: 'card-settlement.csv',
      bytes: fixture('card-settlement.csv'),
      readyAt: new Date(),
    };
    const [id] = await runFetches({
      db: h.db,
      connectorOf: (brand) => ({
        fetchStatements: async () => {
          if (brand === 'card') return [file];
          throw new StatementNotReady(brand, '', new Date('2031-01-01T00:00:00Z'));
        },
      }),
      now: new Date('2025-04-03T12:00:00Z'),
      days: 1,
    });
    await drainImports(h.db, 60_000);
    const [row] = await h.db.select().from(statementImports).where(eq(statementImports.id, id));
    expect(row).toMatchObject({ status: 'done', brand: 'card', businessDay: '2025-04-02', rowsTotal: 2 });
    // Another group's screen does not show it, and no group's upload takes it.
    expect((await h.call(`${P}/get`, { id }, { token: admin })).body.resultType).toBe('NOT_FOUND');
    const refused = await upload(h, `${P}/upload`, admin, {
      name: 'c.csv',
      data: fixture('card-settlement.csv'),
    });
    expect(refused.body.resultType).toBe('INVALID');
    // A day matched already is not fetched again by the schedule (scheduled anew here).
    await h.db.delete(statementFetches);
    const asked: string[] = [];
    const again = await runFetches({
      db: h.db,
      connectorOf: (brand) => ({
        fetchStatements: async (day: string) => {
          asked.push(`${brand} ${day}`);
          throw new StatementNotReady(brand, day, new Date('2031-01-01T00:00:00Z'));
        },
      }),
      now: new Date('2025-04-03T12:00:00Z'),
      days: 1,
    });
    expect(again).toEqual([]);
    expect(asked).not.toContain('card 2025-04-02');
    const [cardFetch] = await h.db.select().from(statementFetches).where(eq(statementFetches.brand, 'card'));
    expect(cardFetch.state).toBe('done');
    await h.db.delete(statementFetches);
  });

  it('the same file twice changes nothing: the same run, unchanged, no new audit row of a run', async () => {
    const data = fixture('wechat-utf8bom.csv');
    const first = await imported(W, 'again.csv', data);
    const runs = async () =>
      (await h.db.select().from(auditLog).where(eq(auditLog.objectType, 'reconciliationRun'))).length;
    const before = await runs();
    const second = await imported(W, 'again.csv', data);
    expect(second).toMatchObject({ status: 'done', unchanged: true, runId: first.runId });
    expect(await runs()).toBe(before);
  });

  it('a corrupt file is refused at its line with its reason, and the day is 400 for the brand', async () => {
    const { id: companyId } = await newCompany(h.db);
    const ours = await brandOrder(h.db, {
      companyId,
      brand: 'wechat',
      amount: 10000,
      fee: 60,
      currency: 'CNY',
      at: new Date('2025-04-03T03:00:00Z'),
    });
    const text = fixture('wechat-utf8bom.csv')
      .toString('utf8')
      .replace(/2025-04-01/g, '2025-04-03');
    const corrupt = Buffer.from(text.replace('`SUCCESS', '`NOT-A-STATUS'));
    const v = await imported(W, 'corrupt.csv', corrupt, { brand: 'wechat', businessDay: '2025-04-03' });
    expect(v.status).toBe('refused');
    expect(v.businessDay).toBe('2025-04-03');
    expect(v.refusal).toMatchObject({ line: 2, reason: 'status' });
    expect(v.refusal!.message).toContain('2');
    const [audit] = await h.db.select().from(orderAudits).where(eq(orderAudits.orderId, ours.id));
    expect(audit).toMatchObject({ auditStatus: 2, auditResult: 400 });
  });

  it('rows of several days without a chosen day are refused, naming the reason', async () => {
    const v = await imported(P, 'paypay-sjis.csv', fixture('paypay-sjis.csv'));
    expect(v).toMatchObject({ status: 'refused', runId: null, refusal: { reason: 'days' } });
  });

  it('refuses a 50 MB upload, a binary file, an empty one, another brand’s file, another group’s', async () => {
    const fifty = await upload(h, `${W}/upload`, admin, {
      name: 'big.csv',
      data: Buffer.alloc(50_000_000, 0x61),
    });
    expect(fifty.status).toBe(200);
    expect(fifty.body.resultType).toBe('INVALID');
    expect(fifty.body.errors?.file).toMatch(/40 MB/);
    const binary = await upload(h, `${W}/upload`, admin, {
      name: 'x.csv',
      data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]),
    });
    expect(binary.body.resultType).toBe('INVALID');
    expect(binary.body.errors?.file).toBeTruthy();
    const empty = await upload(h, `${W}/upload`, admin, { name: 'e.csv', data: Buffer.alloc(0) });
    expect(empty.body.resultType).toBe('INVALID');
    const otherBrand = await upload(
      h,
      `${W}/upload`,
      admin,
      { name: 'w.csv', data: fixture('wechat-gbk.csv') },
      { brand: 'alipayplus' },
    );
    expect(otherBrand.body.resultType).toBe('INVALID');
    expect(otherBrand.body.errors?.file).toBe('このファイルはWeChat Payの明細です（選択：Alipay+）');
    const otherGroup = await upload(h, `${W}/upload`, admin, {
      name: 'p.csv',
      data: fixture('paypay-sjis.csv'),
    });
    expect(otherGroup.body.resultType).toBe('INVALID');
    const count = await h.db.select({ n: sql<number>`count(*)::int` }).from(statementImports);
    const again = await upload(h, `${W}/upload`, admin, {
      name: 'nothing.csv',
      data: Buffer.from('a,b\n1,2\n'),
    });
    expect(again.body.resultType).toBe('INVALID');
    expect(await h.db.select({ n: sql<number>`count(*)::int` }).from(statementImports)).toEqual(count);
  });

  it('an import of another group or none is not found; role 20 may not import nor read', async () => {
    const v = await imported(W, 'wechat-gbk.csv', fixture('wechat-gbk.csv'));
    expect((await h.call(`${P}/get`, { id: v.id }, { token: admin })).body.resultType).toBe('NOT_FOUND');
    expect((await h.call(`${W}/get`, { id: 99_999_999 }, { token: admin })).body.resultType).toBe(
      'NOT_FOUND',
    );
    const denied = await upload(h, `${W}/upload`, coAdmin, {
      name: 'w.csv',
      data: fixture('wechat-gbk.csv'),
    });
    expect(denied.body.resultType).toBe('NO_ACCESS');
    expect((await h.call(`${W}/get`, { id: v.id }, { token: coAdmin })).body.resultType).toBe('NO_ACCESS');
    const page = await h.call<{ records: StatementImportView[] }>(`${W}/page`, {}, { token: sysop });
    expect(page.body.result!.records[0].id).toBeGreaterThanOrEqual(v.id);
  });

  it('refetch: not ready says when; a ready day is fetched and imported once', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const early = await h.call(`${P}/refetch`, { brand: 'paypay', businessDay: tomorrow }, { token: admin });
    expect(early.body.resultType).toBe('FAIL');
    // 09:00 JST the day after, in the caller's language.
    expect(early.body.resultMessage).toMatch(/PayPay.*09:00/);
    const r = await h.call<{ id: number }>(
      `${P}/refetch`,
      { brand: 'paypay', businessDay: '2025-05-01' },
      { token: admin },
    );
    expect(r.body.resultType).toBe('SUCCESS');
    await importsSettled(h.db);
    const v = await h.call<StatementImportView>(`${P}/get`, { id: r.body.result!.id }, { token: admin });
    expect(v.body.result).toMatchObject({
      status: 'done',
      source: 'fetched',
      brand: 'paypay',
      businessDay: '2025-05-01',
    });
    const audited = await h.db.select().from(auditLog).where(eq(auditLog.objectType, 'statementImport'));
    expect(audited.some((a) => a.objectId === String(r.body.result!.id))).toBe(true);
  });

  it('the schedule waits for the ready time, backs off on failures, imports a ready day once', async () => {
    await h.db.delete(statementFetches);
    let now = new Date('2030-01-10T12:00:00Z');
    const readyAt = new Date('2030-01-11T01:00:00Z');
    const calls: string[] = [];
    const file = { fileName: 'w.csv', bytes: fixture('wechat-utf8bom.csv'), readyAt: now };
    const connectorOf = (brand: string) => ({
      fetchStatements: async (day: string) => {
        calls.push(`${brand} ${day}`);
        if (brand === 'wechat') return [file];
        if (brand === 'paypay') throw new StatementNotReady(brand, day, readyAt);
        throw new Error(`${brand} is down`);
      },
    });
    const run = () => runFetches({ db: h.db, connectorOf, now, days: 1 });
    const first = await run();
    expect(first).toHaveLength(1);
    const rows = async () =>
      Object.fromEntries((await h.db.select().from(statementFetches)).map((r) => [r.brand, r]));
    let state = await rows();
    expect(state.wechat).toMatchObject({ state: 'done', importId: first[0] });
    expect(state.paypay).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(state.paypay.nextAttemptAt.toISOString()).toBe(readyAt.toISOString());
    expect(state.card).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'card is down' });
    expect(state.card.nextAttemptAt.getTime() - now.getTime()).toBe(backoffMs(1));
    // Nothing is due a minute later: no brand is asked.
    calls.length = 0;
    now = new Date(now.getTime() + 60_000);
    expect(await run()).toEqual([]);
    expect(calls).toEqual([]);
    // The card's retries wait twice as long each time.
    now = new Date(state.card.nextAttemptAt.getTime());
    await run();
    state = await rows();
    expect(state.card.attempts).toBe(2);
    expect(state.card.nextAttemptAt.getTime() - now.getTime()).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(backoffMs(40)).toBe(6 * 3_600_000);
    // The wechat day is not fetched again.
    expect(calls.filter((c) => c.startsWith('wechat'))).toEqual([]);
    const imports = await h.db.select().from(statementImports).where(eq(statementImports.source, 'fetched'));
    expect(imports.filter((i) => i.fileName === 'w.csv')).toHaveLength(1);
  });
});
