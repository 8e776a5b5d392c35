import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/client';
import iconv from 'iconv-lite';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BatchSummary,
  CheckoutDone,
  CheckoutPreview,
  SettlementDetail,
  SettlementRow,
  SettlementTotals,
} from '../../src/contract/settlements';
import { companies } from '../../server/db/schema';
import { closePeriods } from '../../server/modules/settlements';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { newCompany, paidOrder, payingAccountJpy, settlementsOf, tokyo } from './settlements-support';
import { eq } from 'drizzle-orm';

const ZONE = 'Asia/Tokyo';
const PASSWORD = md5Upper(DEMO_PASSWORD);
const M = '/history/platformCheckoutInfo';
let keys = 0;
const batchKey = () => `test-batch-${Date.now().toString(36)}-${++keys}-abcdef`;
const today = () => DateTime.now().setZone(ZONE);
/** The next Saturday after today (never a bank business day, always within the 30-day window). */
const nextSaturday = () =>
  today()
    .plus({ days: (6 - today().weekday + 7) % 7 || 7 })
    .toISODate()!;
/** The next weekday that is no holiday this test cares about (a Monday–Friday, past tomorrow). */
const nextWeekday = () => {
  let d = today().plus({ days: 1 });
  while (d.weekday > 5) d = d.plus({ days: 1 });
  return d.toISODate()!;
};

describe.each(backends)('settlement checkout on $name', (backend) => {
  let h: Harness;
  let admin = '';
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    await payingAccountJpy(h.db);
    admin = await h.token('admin');
  });
  afterAll(() => h?.close());

  /** A company's closed settlement worth paying out (a month two months back). */
  async function settlement(spec: { holder?: string; amount?: number; serviceProviderId?: number } = {}) {
    const c = await newCompany(h.db, {
      checkoutPeriod: 'monthly',
      serviceProviderId: spec.serviceProviderId,
    });
    if (spec.holder)
      await h.db.update(companies).set({ bankAccountHolder: spec.holder }).where(eq(companies.id, c.id));
    await paidOrder(h.db, {
      companyId: c.id,
      amount: spec.amount ?? 50_000,
      at: tokyo('2026-09-15 10:00'),
      rates: { commission: 300 },
    });
    await closePeriods(h.db, { through: '2026-09-30', zone: ZONE });
    const [s] = await settlementsOf(h.db, 'merchant', c.id);
    return { id: Number(s.id), no: String(s.settlement_no), company: c };
  }
  const call = <T>(path: string, body: unknown, token = admin) => h.call<T>(`${M}${path}`, body, { token });

  it('previews a selection: what can be paid, totals, and the bank business days to choose from', async () => {
    const good = await settlement();
    const kanji = await settlement({ holder: '株式会社テスト商店' });
    const r = await call<CheckoutPreview>('/checkoutPreview', { ids: [good.id, kanji.id] });
    expect(r.body.resultType).toBe('SUCCESS');
    const p = r.body.result!;
    const [a, b] = [p.items.find((i) => i.id === good.id)!, p.items.find((i) => i.id === kanji.id)!];
    expect(a.unpayable).toEqual([]);
    expect(a.transferAmount).toBe(50_000 - 1500 - 250);
    // 株式会社 is written as ｶ) (Zengin's abbreviation); the shop's name in kanji is not.
    expect(b.unpayable).toEqual([{ reason: 'nameUnwritable', chars: ['商', '店'] }]);
    expect(p.totals).toEqual([{ currency: 'JPY', count: 1, amount: 48_250 }]);
    expect(p.transferDates).not.toContain(nextSaturday());
    expect(p.transferDates).toContain(p.defaultTransferDate);
  });

  it('holds back an order with an unresolved reconciliation exception: out of the closing, named in the preview, in the next period once resolved', async () => {
    const c = await newCompany(h.db, { checkoutPeriod: 'monthly' });
    const kept = await paidOrder(h.db, {
      companyId: c.id,
      amount: 40_000,
      at: tokyo('2026-08-10 10:00'),
      rates: { commission: 300 },
    });
    const held = await paidOrder(h.db, {
      companyId: c.id,
      amount: 7_000,
      at: tokyo('2026-08-11 10:00'),
      rates: { commission: 300 },
    });
    await h.db.execute(
      sql`insert into order_audits (order_id, audit_status, audit_result) values (${held.id}, 2, 600)`,
    );
    await closePeriods(h.db, { through: '2026-08-31', zone: ZONE });
    const [august] = await settlementsOf(h.db, 'merchant', c.id);
    expect(Number(august.order_count)).toBe(1);
    expect(Number(august.order_total)).toBe(40_000);
    const p = await call<CheckoutPreview>('/checkoutPreview', { ids: [Number(august.id)] });
    expect(p.body.result!.items[0].held).toEqual({ count: 1, amount: 7_000 });
    // Resolved: audited again, it joins the first period not yet closed (September), once.
    await h.db.execute(sql`update order_audits set audit_status = 1 where order_id = ${held.id}`);
    await closePeriods(h.db, { through: '2026-09-30', zone: ZONE });
    const all = await settlementsOf(h.db, 'merchant', c.id);
    expect(all.map((s) => [String(s.period_end), Number(s.order_total)])).toEqual([
      ['2026-08-31', 40_000],
      ['2026-09-30', 7_000],
    ]);
    const again = await call<CheckoutPreview>('/checkoutPreview', { ids: [Number(august.id)] });
    expect(again.body.result!.items[0].held).toEqual({ count: 0, amount: 0 });
    expect(kept.id).not.toBe(held.id);
  });

  it('refuses bad input at the field and foreign or empty selections, changing nothing', async () => {
    const s = await settlement();
    const bad = await call('/checkout', {
      ids: [s.id],
      transferDate: nextSaturday(),
      refundPassword: PASSWORD,
      batchKey: batchKey(),
    });
    expect(bad.body.resultType).toBe('INVALID');
    expect(bad.body.errors?.transferDate).toMatch(/銀行休業日/);
    const empty = await call('/checkout', {
      ids: [],
      transferDate: nextWeekday(),
      refundPassword: PASSWORD,
      batchKey: batchKey(),
    });
    expect(empty.body.resultType).toBe('INVALID');
    expect(empty.body.errors?.ids).toBe('データを選択してください');
    const spAdmin = await h.token('sp-admin');
    const foreign = await call('/checkoutPreview', { ids: [s.id] }, spAdmin);
    // The test company belongs to the first provider; sp-admin's provider is another one unless they match.
    const [mine] = await h.db
      .execute(
        sql`select o.service_provider_id = c.service_provider_id as same from operators o, companies c where o.login_id = 'sp-admin' and c.id = ${s.company.id}`,
      )
      .then((x) => (Array.isArray(x) ? x : (x as { rows: { same: boolean }[] }).rows));
    expect(foreign.body.resultType).toBe(mine.same ? 'SUCCESS' : 'NOT_FOUND');
    const agentSide = await h.call(
      `/history/agentCheckoutInfo/checkoutPreview`,
      { ids: [s.id] },
      { token: admin },
    );
    expect(agentSide.body.resultType).toBe('NOT_FOUND');
    expect((await call<SettlementDetail>('/get', { id: s.id })).body.result!.batchId).toBeNull();
  });

  it("refuses a provider's selection that mixes its own settlement with another provider's, changing nothing", async () => {
    const providers = rowsOf<Record<string, unknown>>(
      await h.db.execute(sql`select id, name from service_providers order by id`),
    );
    const sakura = providers.find((p) => p.name === 'Sakura Payment Services')!;
    const pacific = providers.find((p) => p.name === 'Pacific Gateway Partners')!;
    const own = await settlement({ serviceProviderId: Number(sakura.id) });
    const other = await settlement({ serviceProviderId: Number(pacific.id) });
    const spAdmin = await h.token('sp-admin');
    expect((await call('/checkoutPreview', { ids: [own.id] }, spAdmin)).body.resultType).toBe('SUCCESS');
    expect((await call('/checkoutPreview', { ids: [own.id, other.id] }, spAdmin)).body.resultType).toBe(
      'NOT_FOUND',
    );
    const mixed = await call(
      '/checkout',
      {
        ids: [own.id, other.id],
        transferDate: nextWeekday(),
        refundPassword: PASSWORD,
        batchKey: batchKey(),
      },
      spAdmin,
    );
    expect(mixed.body.resultType).toBe('NOT_FOUND');
    for (const s of [own, other])
      expect((await call<SettlementDetail>('/get', { id: s.id })).body.result!.batchId).toBeNull();
  });

  it('checks out with the refund password into one batch with a Zengin file; the same key returns it, another finds it taken', async () => {
    const s = await settlement({ amount: 123_456 });
    const wrong = await call('/checkout', {
      ids: [s.id],
      transferDate: nextWeekday(),
      refundPassword: md5Upper('wrong-one'),
      batchKey: batchKey(),
    });
    expect(wrong.body.resultType).toBe('FAIL');
    expect(wrong.body.resultMessage).toMatch(/返金パスワードが正しくありません（残り4回）/);
    const key = batchKey();
    const input = { ids: [s.id], transferDate: nextWeekday(), refundPassword: PASSWORD, batchKey: key };
    const done = await call<CheckoutDone>('/checkout', input);
    expect(done.body.resultType).toBe('SUCCESS');
    const batch = done.body.result!.batch;
    expect(done.body.result!.created).toBe(true);
    expect(batch.files).toEqual([
      expect.objectContaining({ currency: 'JPY', format: 'zengin', recordCount: 1 }),
    ]);
    const again = await call<CheckoutDone>('/checkout', input);
    expect(again.body.result).toMatchObject({ created: false, batch: { id: batch.id } });
    const other = await call<{ taken: string[] }>('/checkout', { ...input, batchKey: batchKey() });
    expect(other.body.resultType).toBe('CONFLICT');
    expect(other.body.result).toEqual({ taken: [s.no] });
    // The Zengin file: header, one data record with the amount, trailer with count and sum, end.
    const file = await h.app.inject({
      method: 'POST',
      url: `/api${M}/batch/file`,
      headers: { 'x-submit-token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: batch.id, currency: 'JPY' }),
    });
    expect(file.statusCode).toBe(200);
    const lines = iconv.decode(file.rawPayload, 'Shift_JIS').split('\r\n');
    expect(lines.slice(0, 4).map((l) => l[0])).toEqual(['1', '2', '8', '9']);
    expect(lines.slice(0, 4).every((l) => Buffer.byteLength(iconv.encode(l, 'Shift_JIS')) === 120)).toBe(
      true,
    );
    const amount = 123_456 - Math.floor((123_456 * 300 + 5000) / 10_000) - 250;
    expect(lines[1].slice(80, 90)).toBe(String(amount).padStart(10, '0'));
    expect(lines[2].slice(1, 7)).toBe('000001');
    expect(lines[2].slice(7, 19)).toBe(String(amount).padStart(12, '0'));
  });

  it('marks a batch remitted (status 2, pay time), and an admin reverses a rejected one back to not remitted', async () => {
    const s = await settlement();
    const payOut = async (ids: number[]) =>
      (
        await call<CheckoutDone>('/checkout', {
          ids,
          transferDate: nextWeekday(),
          refundPassword: PASSWORD,
          batchKey: batchKey(),
        })
      ).body.result!.batch.id;
    const id = await payOut([s.id]);
    const remitted = await call<BatchSummary>('/batch/remit', { id });
    expect(remitted.body.result!.status).toBe('remitted');
    const detail = (await call<SettlementDetail>('/get', { id: s.id })).body.result!;
    expect(detail.status).toBe(2);
    expect(detail.payTime).not.toBeNull();
    // A remitted batch is final: neither remitted again nor reversed (the money left), and
    // nothing changes; the refusal says where the batch stands.
    for (const [path, input] of [
      ['/batch/remit', { id }],
      ['/batch/reverse', { id, reason: '口座番号相違で組戻し' }],
    ] as const) {
      const refused = await call(path, input);
      expect(refused.body).toMatchObject({ resultType: 'CONFLICT', result: { status: 'remitted' } });
      expect(refused.body.resultMessage).toBe('このバッチは送金待ちではありません');
    }
    expect((await call<SettlementDetail>('/get', { id: s.id })).body.result).toMatchObject({
      status: 2,
      batchId: id,
      payTime: detail.payTime,
    });

    // A batch the bank rejected before remitting: only an admin reverses it, with the reason.
    const other = await settlement();
    const open = await payOut([other.id]);
    const spOp = await h.token('sp-op');
    expect((await call('/batch/reverse', { id: open, reason: 'rejected' }, spOp)).body.resultType).toBe(
      'NO_ACCESS',
    );
    const reversed = await call<BatchSummary>('/batch/reverse', { id: open, reason: '口座番号相違' });
    expect(reversed.body.result).toMatchObject({ status: 'reversed', reverseReason: '口座番号相違' });
    const back = (await call<SettlementDetail>('/get', { id: other.id })).body.result!;
    expect(back).toMatchObject({ status: 1, batchId: null, payTime: null });
    expect(back.trail.map((e) => e.action)).toEqual(['close', 'checkout', 'reverse']);
    // A reversed batch is final too.
    expect((await call('/batch/remit', { id: open })).body).toMatchObject({
      resultType: 'CONFLICT',
      result: { status: 'reversed' },
    });
    expect((await call('/batch/reverse', { id: open, reason: 'again' })).body.resultType).toBe('CONFLICT');
  });

  it("totals a list's filter per currency (count, Σ transfer, not remitted / in a batch / remitted, carried forward), as its rows add up", async () => {
    const providers = rowsOf<Record<string, unknown>>(
      await h.db.execute(sql`select id, name from service_providers order by id`),
    );
    const pacific = providers.find((p) => p.name === 'Pacific Gateway Partners')!;
    const s = await settlement({ amount: 80_000, serviceProviderId: Number(pacific.id) });
    const filter = { beginTime: '2026-09-01', endTime: '2026-09-30', partyId: s.company.id };
    type Totals = SettlementTotals[];
    const none = { count: 0, amount: 0 };
    // 80,000 − 3.00 % commission (2,400) − the 250 transfer fee.
    const one = { count: 1, amount: 77_350 };
    const before = (await call<Totals>('/totals', filter)).body.result!;
    expect(before).toEqual([
      {
        currency: 'JPY',
        count: 1,
        transferAmount: 77_350,
        carriedOut: 0,
        payouts: { notRemitted: one, inBatch: none, remitted: none },
      },
    ]);
    const page = (
      await call<{ records: { transferAmount: number }[] }>('/page', { ...filter, pageSize: 100 })
    ).body.result!;
    expect(page.records.reduce((sum, r) => sum + r.transferAmount, 0)).toBe(before[0].transferAmount);
    const made = await call<CheckoutDone>('/checkout', {
      ids: [s.id],
      transferDate: nextWeekday(),
      refundPassword: PASSWORD,
      batchKey: batchKey(),
    });
    // Checked out: counted apart, in its batch, until the batch is marked remitted.
    const checkedOut = (await call<Totals>('/totals', filter)).body.result!;
    expect(checkedOut).toEqual([
      { ...before[0], payouts: { notRemitted: none, inBatch: one, remitted: none } },
    ]);
    await call('/batch/remit', { id: made.body.result!.batch.id });
    const after = (await call<Totals>('/totals', filter)).body.result!;
    expect(after).toEqual([{ ...before[0], payouts: { notRemitted: none, inBatch: none, remitted: one } }]);
    // Only remitted ones: the same; only not remitted ones: none.
    expect((await call<Totals>('/totals', { ...filter, status: '1' })).body.result).toEqual([]);
    // A period over 75 days is refused at the field; Sakura's admin sees nothing of a Pacific company.
    const long = await call('/totals', { ...filter, beginTime: '2026-06-01' });
    expect(long.body.resultType).toBe('INVALID');
    // A party that is no id is refused at its field, named in the admin's language.
    const party = await call('/totals', { ...filter, partyId: 'x' });
    expect(party.body).toMatchObject({
      resultType: 'INVALID',
      errors: { partyId: expect.stringContaining('精算先') },
    });
    const foreign = await call<Totals>('/totals', filter, await h.token('sp-admin'));
    expect(foreign.body).toMatchObject({ resultType: 'SUCCESS', result: [] });
  });

  it('a checked-out settlement reads in its batch (row, filter, totals, export) in the list’s scope until remitted; reversed before, it is not remitted with no batch; a remitted batch is not reversed', async () => {
    const providers = rowsOf<Record<string, unknown>>(
      await h.db.execute(sql`select id, name from service_providers order by id`),
    );
    const pacific = providers.find((p) => p.name === 'Pacific Gateway Partners')!;
    const s = await settlement({ amount: 60_000, serviceProviderId: Number(pacific.id) });
    const period = { beginTime: '2026-09-01', endTime: '2026-09-30' };
    const filter = { ...period, partyId: s.company.id };
    const rows = async (q: Record<string, unknown>, token = admin) =>
      (await call<{ records: SettlementRow[] }>('/page', { ...q, pageSize: 100 }, token)).body.result!
        .records;
    const stateOf = async () => {
      const [row] = await rows(filter);
      const detail = (await call<SettlementDetail>('/get', { id: s.id })).body.result!;
      const byStatus = Object.fromEntries(
        await Promise.all(
          ['1', 'inBatch', '2'].map(async (status) => [status, (await rows({ ...filter, status })).length]),
        ),
      );
      return { row: [row.status, row.payoutState, row.batchId], unpayable: detail.unpayable, byStatus };
    };
    expect(await stateOf()).toEqual({
      row: [1, 'notRemitted', null],
      unpayable: [],
      byStatus: { '1': 1, inBatch: 0, '2': 0 },
    });

    const made = await call<CheckoutDone>('/checkout', {
      ids: [s.id],
      transferDate: nextWeekday(),
      refundPassword: PASSWORD,
      batchKey: batchKey(),
    });
    const batchId = made.body.result!.batch.id;
    // In the batch: neither "not remitted" nor remitted, and no "cannot be paid" on its page.
    expect(await stateOf()).toEqual({
      row: [1, 'inBatch', batchId],
      unpayable: [],
      byStatus: { '1': 0, inBatch: 1, '2': 0 },
    });
    const csv = await h.app.inject({
      method: 'POST',
      url: `/api${M}/exportCSVFile`,
      headers: { 'x-submit-token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify(filter),
    });
    const line = csv.body.split('\r\n').find((l) => l.includes(s.no))!;
    expect(line).toContain('送金待ち（送金バッチ作成済み）');

    // The tenant's scope: Sakura's admin neither lists nor counts Pacific's batch; its own totals
    // of the filter are what its own rows add up to.
    const spAdmin = await h.token('sp-admin');
    const theirs = await rows({ ...period, status: 'inBatch' }, spAdmin);
    expect(theirs.map((r) => r.id)).not.toContain(s.id);
    const spTotals = (await call<SettlementTotals[]>('/totals', { ...period, status: 'inBatch' }, spAdmin))
      .body.result!;
    expect(spTotals.reduce((n, t) => n + t.payouts.inBatch.count, 0)).toBe(theirs.length);
    expect(spTotals.every((t) => t.count === t.payouts.inBatch.count)).toBe(true);
    // A settlement's `#N` link lists only that batch; another provider's admin gets none of it.
    const batchPage = async (q: Record<string, unknown>, token = admin) =>
      (await call<{ records: BatchSummary[]; total: number }>('/batch/page', q, token)).body;
    expect((await batchPage({ id: batchId })).result).toMatchObject({ total: 1, records: [{ id: batchId }] });
    expect((await batchPage({ id: batchId }, spAdmin)).result).toMatchObject({ total: 0, records: [] });
    for (const id of [0, -1, 'x', 2 ** 31, 1.5])
      expect((await batchPage({ id })).resultType, String(id)).toBe('INVALID');
    const all = (await call<SettlementTotals[]>('/totals', { ...period, status: 'inBatch' })).body.result!;
    expect(all.reduce((n, t) => n + t.payouts.inBatch.count, 0)).toBe(
      (await rows({ ...period, status: 'inBatch' })).length,
    );

    // Reversed before the bank paid: not remitted again, in no batch, payable again.
    await call('/batch/reverse', { id: batchId, reason: '振込取りやめ' });
    expect(await stateOf()).toEqual({
      row: [1, 'notRemitted', null],
      unpayable: [],
      byStatus: { '1': 1, inBatch: 0, '2': 0 },
    });
    // Checked out again and marked remitted: paid, in that batch.
    const again = await call<CheckoutDone>('/checkout', {
      ids: [s.id],
      transferDate: nextWeekday(),
      refundPassword: PASSWORD,
      batchKey: batchKey(),
    });
    const paidIn = again.body.result!.batch.id;
    await call('/batch/remit', { id: paidIn });
    const remitted = {
      row: [2, 'remitted', paidIn],
      unpayable: [],
      byStatus: { '1': 0, inBatch: 0, '2': 1 },
    };
    expect(await stateOf()).toEqual(remitted);
    // A remitted batch is final (BATCH_TRANSITIONS): its reversal is refused and changes nothing.
    const refused = await call('/batch/reverse', { id: paidIn, reason: '組戻し' });
    expect(refused.body.resultType).toBe('CONFLICT');
    expect(await stateOf()).toEqual(remitted);
    // Still to be paid and cannot be: its page says why.
    const kanji = await settlement({ holder: '株式会社テスト商店' });
    expect((await call<SettlementDetail>('/get', { id: kanji.id })).body.result!.unpayable).toEqual([
      { reason: 'nameUnwritable', chars: ['商', '店'] },
    ]);
  });

  it('lets exactly one of 20 concurrent checkouts of overlapping selections win', async () => {
    const a = await settlement();
    const b = await settlement();
    const c = await settlement();
    const selections = [
      [a.id, b.id],
      [b.id, c.id],
      [a.id, c.id],
      [a.id, b.id, c.id],
    ];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<CheckoutDone>('/checkout', {
          ids: selections[i % 4],
          transferDate: nextWeekday(),
          refundPassword: PASSWORD,
          batchKey: batchKey(),
        }),
      ),
    );
    const won = replies.filter((r) => r.body.resultType === 'SUCCESS');
    expect(won).toHaveLength(1);
    expect(
      replies
        .filter((r) => r.body.resultType !== 'SUCCESS')
        .every((r) => r.body.resultType === 'CONFLICT' || /少し待って/.test(r.body.resultMessage ?? '')),
    ).toBe(true);
    const batches = new Set(
      (await Promise.all([a, b, c].map((s) => call<SettlementDetail>('/get', { id: s.id }))))
        .map((r) => r.body.result!.batchId)
        .filter((x) => x != null),
    );
    expect(batches.size).toBe(1);
  });
});
