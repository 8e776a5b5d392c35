import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantRefundResult } from '../../src/contract/merchant';
import type { OrderDetail } from '../../src/contract/orders';
import type { RefundApprovalRow, RefundApprovalSetting, RefundDecision } from '../../src/contract/refunds';
import { auditLog, orders, refunds } from '../../server/db/schema';
import { expireApprovals } from '../../server/modules/refunds';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';
import {
  count,
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  setBehaviour,
  type MerchantClient,
} from './payments-support';

/**
 * Maker-checker refunds (issue #12): console refunds above the approval threshold (here the
 * platform default is 5,000 yen) wait for a second user; the amount stays reserved meanwhile.
 */
let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const PASSWORD = md5Upper(DEMO_PASSWORD);
const DEFAULT_THRESHOLD = 5000;

describe.each(backends)('refund approval on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let ids: OrgIds;
  let hinoki = 0;
  let coAdmin = '';
  /** A second admin of ひのき珈琲: the approver. */
  let approver = '';
  let admin = '';

  async function paidOrder(amount: number) {
    const o = (
      await m.create({
        clientOrderNo: no('o'),
        amount,
        currency: 'JPY',
        branchUnitId: ids.branch('株式会社ひのき珈琲/銀座店'),
      })
    ).body.result!;
    await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'paypay', action: 'pay' });
    await notificationsDelivered(h);
    return orderByGateway(h, o.gatewayOrderNo);
  }

  const refund = (token: string, gatewayOrderNo: string, refundAmount: number) =>
    h.call<{ refundStatus: string; orderStatus: string; gatewayRefundNo: string }>(
      '/pay/refund/refund',
      { gatewayOrderNo, refundAmount, refundPassword: PASSWORD, remark: 'approval test' },
      { token },
    );
  const approve = (token: string, gatewayRefundNo: string, refundPassword = PASSWORD) =>
    h.call<RefundDecision>('/pay/refund/approve', { gatewayRefundNo, refundPassword }, { token });
  const reject = (token: string, gatewayRefundNo: string, reason: string) =>
    h.call<RefundDecision>('/pay/refund/reject', { gatewayRefundNo, reason }, { token });
  const list = async (token: string) =>
    (await h.call<RefundApprovalRow[]>('/pay/refund/approvalList', {}, { token })).body;
  const detail = async (token: string, id: number) =>
    (await h.call<OrderDetail>('/history/orderInfo/get', { id }, { token })).body.result!;
  const audits = async (objectId: string, action: string) =>
    (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectId, objectId), eq(auditLog.action, action)))
    ).length;
  const brandRefunds = () => count(h, 'sandbox_refunds');

  /** A refund awaiting approval, requested by co-admin. */
  async function awaiting(orderAmount: number, refundAmount: number) {
    const o = await paidOrder(orderAmount);
    const r = await refund(coAdmin, o.gatewayOrderNo, refundAmount);
    expect([r.body.resultType, r.body.result?.refundStatus]).toEqual(['SUCCESS', 'awaitingApproval']);
    return { order: o, refundNo: r.body.result!.gatewayRefundNo };
  }

  beforeAll(async () => {
    h = await startHarness(backend, {
      captcha: false,
      demoOrders: 0,
      refundApprovalThreshold: DEFAULT_THRESHOLD,
    });
    ids = await orgIds(h.db);
    hinoki = ids.company('株式会社ひのき珈琲');
    m = await merchantClient(h, hinoki);
    coAdmin = await h.token('co-admin');
    admin = await h.token('admin');
    const login = no('approver');
    await h.createOperator({
      loginId: login,
      operatorType: 20,
      serviceProviderId: ids.provider('Sakura Payment Services'),
      companyId: hinoki,
    });
    approver = await h.token(login);
  });
  afterAll(() => h?.close());

  it('refunds at and below the threshold at once; above it the refund awaits approval, reserved, the brand not asked', async () => {
    const o = await paidOrder(20_000);
    const atThreshold = await refund(coAdmin, o.gatewayOrderNo, DEFAULT_THRESHOLD);
    expect(atThreshold.body.result).toMatchObject({ refundStatus: 'success' });
    const below = await refund(coAdmin, o.gatewayOrderNo, 1);
    expect(below.body.result).toMatchObject({ refundStatus: 'success' });

    const asked = await brandRefunds();
    const above = await refund(coAdmin, o.gatewayOrderNo, DEFAULT_THRESHOLD + 1);
    expect([above.body.resultType, above.body.resultMessage]).toEqual([
      'SUCCESS',
      '返金金額が承認基準額を超えるため、承認待ちになりました。別の担当者の承認後に返金されます',
    ]);
    expect(above.body.result).toMatchObject({
      refundStatus: 'awaitingApproval',
      orderStatus: 'partlyRefunded',
    });
    expect(await brandRefunds()).toBe(asked);
    const d = await detail(coAdmin, o.id);
    expect(d).toMatchObject({ status: 'partlyRefunded', refundedAmount: 5001 });
    // 20,000 − 5,001 refunded − 5,001 reserved.
    expect(d.refundableAmount).toBe(9998);
    expect(d.refunds.map((r) => r.status)).toEqual(['success', 'success', 'awaitingApproval']);
    const created = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, above.body.result!.gatewayRefundNo), eq(auditLog.action, 'create')));
    expect(created.map((a) => (a.after as { status: string }).status)).toEqual(['awaitingApproval']);
  });

  it('uses the company’s own threshold before the platform default, set only by system and provider admins', async () => {
    const get = await h.call<RefundApprovalSetting>(
      '/org/refundApproval/get',
      { companyId: hinoki },
      { token: admin },
    );
    expect(get.body.result).toEqual({
      companyId: hinoki,
      threshold: null,
      platformDefault: DEFAULT_THRESHOLD,
    });
    const agency = await h.call(
      '/org/refundApproval/save',
      { companyId: hinoki, threshold: 0 },
      { token: await h.token('ag-admin') },
    );
    expect(agency.body.resultType).toBe('NO_ACCESS');
    const bad = await h.call(
      '/org/refundApproval/save',
      { companyId: hinoki, threshold: -1 },
      { token: admin },
    );
    expect(bad.body.resultType).toBe('INVALID');
    const saved = await h.call<RefundApprovalSetting>(
      '/org/refundApproval/save',
      { companyId: hinoki, threshold: 100 },
      { token: await h.token('sp-admin') },
    );
    expect(saved.body.result).toMatchObject({ threshold: 100 });
    const o = await paidOrder(1000);
    expect((await refund(coAdmin, o.gatewayOrderNo, 100)).body.result?.refundStatus).toBe('success');
    expect((await refund(coAdmin, o.gatewayOrderNo, 101)).body.result?.refundStatus).toBe('awaitingApproval');
    // Empty: back to the platform default.
    const cleared = await h.call<RefundApprovalSetting>(
      '/org/refundApproval/save',
      { companyId: hinoki, threshold: '' },
      { token: admin },
    );
    expect(cleared.body.result).toMatchObject({ threshold: null });
    expect((await refund(coAdmin, o.gatewayOrderNo, 102)).body.result?.refundStatus).toBe('success');
    expect(await audits(String(hinoki), 'update')).toBeGreaterThanOrEqual(2);
  });

  it('the merchant API is not subject to approval (the merchant’s own system)', async () => {
    const o = await paidOrder(9000);
    const r = await m.call<MerchantRefundResult>('/merchant/refund/refund', {
      clientOrderNo: o.clientOrderNo,
      clientRefundNo: no('mr'),
      amount: 8000,
    });
    expect([r.body.resultType, r.body.result?.status]).toEqual(['SUCCESS', 'success']);
  });

  it('the requester decides neither way; other roles and tenants neither decide nor see it', async () => {
    const { refundNo } = await awaiting(9000, 6000);
    const own = await approve(coAdmin, refundNo);
    expect([own.body.resultType, own.body.resultMessage]).toEqual([
      'FAIL',
      'ご自身が申請した返金は承認・却下できません。別の担当者に依頼してください',
    ]);
    expect((await reject(coAdmin, refundNo, 'mine')).body.resultType).toBe('FAIL');
    for (const login of ['co-op', 'sp-op', 'ag-admin', 'ag-op']) {
      const token = await h.token(login);
      expect([login, (await approve(token, refundNo)).body.resultType]).toEqual([login, 'NO_ACCESS']);
      expect([login, (await reject(token, refundNo, 'no')).body.resultType]).toEqual([login, 'NO_ACCESS']);
      expect([login, (await list(token)).resultType]).toEqual([login, 'NO_ACCESS']);
    }
    const minato = await h.token('minato-admin');
    expect((await approve(minato, refundNo)).body.resultType).toBe('NOT_FOUND');
    expect((await reject(minato, refundNo, 'no')).body.resultType).toBe('NOT_FOUND');
    const seen = await list(minato);
    expect(seen.resultType).toBe('SUCCESS');
    expect(seen.result!.map((r) => r.gatewayRefundNo)).not.toContain(refundNo);
    const mine = (await list(coAdmin)).result!.find((r) => r.gatewayRefundNo === refundNo);
    expect(mine).toMatchObject({ ownRequest: true, requestedBy: 'co-admin', amount: 6000 });
    expect((await list(approver)).result!.find((r) => r.gatewayRefundNo === refundNo)).toMatchObject({
      ownRequest: false,
    });
    const [row] = await h.db.select().from(refunds).where(eq(refunds.gatewayRefundNo, refundNo));
    expect(row.status).toBe('awaitingApproval');
    // The other tenant's attempts are recorded against the refund (the roles without the screen
    // are refused, and recorded, before any refund is looked up).
    expect(await audits(refundNo, 'denied')).toBe(2);
  });

  it('the reservation keeps other refunds within the order while the approval is pending', async () => {
    const { order } = await awaiting(10_000, 8000);
    const over = await refund(coAdmin, order.gatewayOrderNo, 2001);
    expect([over.body.resultType, over.body.errors?.refundAmount]).toEqual([
      'INVALID',
      '返金金額は返金可能残額（2,000円）以下にしてください',
    ]);
    expect((await refund(coAdmin, order.gatewayOrderNo, 2000)).body.result?.refundStatus).toBe('success');
  });

  it('two requests at once cannot reserve more than the order: one awaits, the other is refused', async () => {
    const o = await paidOrder(10_000);
    const results = await Promise.all(
      [0, 1, 2].map((i) =>
        h.call<{ refundStatus: string }>(
          '/pay/refund/refund',
          {
            gatewayOrderNo: o.gatewayOrderNo,
            refundAmount: 6000,
            refundPassword: PASSWORD,
            clientRefundNo: `race-${o.id}-${i}`,
          },
          { token: coAdmin },
        ),
      ),
    );
    expect(results.map((r) => r.body.result?.refundStatus ?? r.body.resultType).sort()).toEqual([
      'INVALID',
      'INVALID',
      'awaitingApproval',
    ]);
    expect((await detail(coAdmin, o.id)).refundableAmount).toBe(4000);
  });

  it('an approved refund the brand refuses fails and releases its amount', async () => {
    const { order, refundNo } = await awaiting(9000, 6000);
    await setBehaviour(h, hinoki, 'paypay', 'refundFail');
    try {
      const r = await approve(approver, refundNo);
      expect([r.body.resultType, r.body.resultMessage]).toEqual([
        'FAIL',
        '承認しましたが、決済ブランドが返金を受け付けませんでした',
      ]);
    } finally {
      await setBehaviour(h, hinoki, 'paypay', 'normal');
    }
    const d = await detail(coAdmin, order.id);
    expect(d).toMatchObject({ status: 'success', refundableAmount: 9000 });
    expect(d.refunds[0].status).toBe('failed');
    expect(await audits(refundNo, 'approve')).toBe(1);
  });

  it('a rejection needs a reason, releases the amount and shows the reason to the requester', async () => {
    const { order, refundNo } = await awaiting(9000, 7000);
    const empty = await reject(approver, refundNo, '  ');
    expect(empty.body.resultType).toBe('INVALID');
    const r = await reject(approver, refundNo, '金額を確認してください');
    expect([r.body.resultType, r.body.result?.refundStatus]).toEqual(['SUCCESS', 'rejected']);
    const d = await detail(coAdmin, order.id);
    expect(d).toMatchObject({ status: 'success', refundableAmount: 9000 });
    expect(d.refunds[0]).toMatchObject({ status: 'rejected', rejectReason: '金額を確認してください' });
    expect(await audits(refundNo, 'reject')).toBe(1);
    // Decided: neither a second rejection nor an approval.
    expect((await approve(admin, refundNo)).body.resultMessage).toBe(
      'この返金はすでに承認・却下されたか、期限切れです',
    );
  });

  it('an approval needs the approver’s own refund password, then refunds at the brand', async () => {
    const { order, refundNo } = await awaiting(9000, 9000);
    const wrong = await approve(approver, refundNo, md5Upper('not-the-refund-password'));
    expect([wrong.body.resultType, wrong.body.result]).toEqual(['FAIL', { triesLeft: 4 }]);
    const ok = await approve(approver, refundNo);
    expect([ok.body.resultType, ok.body.resultMessage, ok.body.result]).toEqual([
      'SUCCESS',
      '返金を承認し、返金しました',
      { gatewayRefundNo: refundNo, refundStatus: 'success', orderStatus: 'refunded' },
    ]);
    const [after] = await h.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 9000 });
    expect(await audits(refundNo, 'approve')).toBe(1);
  });

  it('two approvals at once refund once', async () => {
    const { order, refundNo } = await awaiting(8000, 7000);
    const asked = await brandRefunds();
    const results = await Promise.all([
      approve(approver, refundNo),
      approve(admin, refundNo),
      approve(await h.token('sp-admin'), refundNo),
    ]);
    const outcomes = results.map((r) => r.body.resultType).sort();
    expect(outcomes).toEqual(['FAIL', 'FAIL', 'SUCCESS']);
    expect(await brandRefunds()).toBe(asked + 1);
    expect(await audits(refundNo, 'approve')).toBe(1);
    const [after] = await h.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'partlyRefunded', refundedAmount: 7000 });
  });

  it('a request nobody decides within 7 days is rejected by the system and its amount released', async () => {
    const { order, refundNo } = await awaiting(7000, 6000);
    await h.db
      .update(refunds)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(refunds.gatewayRefundNo, refundNo));
    expect(await expireApprovals(h.app.deps())).toBe(1);
    const d = await detail(coAdmin, order.id);
    expect(d.refundableAmount).toBe(7000);
    expect(d.refunds[0]).toMatchObject({ status: 'rejected', rejectReason: 'EXPIRED' });
    expect(await audits(refundNo, 'reject')).toBe(1);
  });
});
