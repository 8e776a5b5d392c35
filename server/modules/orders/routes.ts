import { brandSettingsCalls } from '../../../src/contract/calls/brandSettings';
import { ordersCalls } from '../../../src/contract/calls/orders';
import { refundsCalls } from '../../../src/contract/calls/refunds';
import type { Api } from '../../platform/api';
import { ApiError } from '../../platform/envelope';
import { ResultType } from '../../../src/contract/envelope';
import { brandSettingsGet, brandSettingsSave } from './brandSettings';
import { actorOf } from '../../platform/audit';
import { scopeOf } from '../../platform/scope';
import { findOrder, orderDetail, orderPage, refundPage } from './queries';
import { syncOrder } from './payments';
import { consoleRefund, refundFailedError, syncRefunds } from './refunds';
import { orderExport, refundExport } from './exports';
import {
  approvalList,
  approvalSettingGet,
  approvalSettingSave,
  approveRefund,
  rejectRefund,
} from './refundApproval';

/** Route paths of the contract's menu that grant the calls. */
export const ORDER_ROUTE = '/history/order';
export const REFUND_ROUTE = '/history/refund';
export const REFUND_APPROVAL_ROUTE = '/history/refundApproval';

export function orderRoutes(api: Api) {
  api.call(ordersCalls.page, async (c) => ({
    result: await orderPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
  api.call(ordersCalls.get, async (c) => ({
    result: await orderDetail(c.deps.db, scopeOf(c.principal), c.input),
  }));
  // Asks the brand again; whoever may see the order may bring it up to date (it records, never decides).
  api.call(ordersCalls.sync, async (c) => {
    const scope = scopeOf(c.principal);
    const order = await findOrder(c.deps.db, scope, c.input);
    // Each move the brand's answer causes is audited in its own transaction, as this caller.
    const actor = actorOf(c.principal, c.req);
    let after = await syncOrder(c.deps, order, 'sync', actor);
    if (after.status === 'refunding' && (await syncRefunds(c.deps, after, actor).catch(() => 0)) > 0)
      after = await findOrder(c.deps.db, scope, { id: order.id });
    return {
      result: await orderDetail(c.deps.db, scope, { id: order.id }),
      messageKey: after.status !== order.status ? 'server.payments.synced' : 'server.payments.unchanged',
    };
  });
  api.call(refundsCalls.refund, async (c) => {
    const outcome = await consoleRefund(c, c.input);
    if (outcome.refund.status === 'failed') throw refundFailedError(outcome);
    return {
      result: {
        gatewayRefundNo: outcome.refund.gatewayRefundNo,
        clientRefundNo: outcome.refund.clientRefundNo,
        refundStatus: outcome.refund.status,
        amount: outcome.refund.amount,
        currency: outcome.refund.currency,
        orderStatus: outcome.order.status,
        created: outcome.created,
      },
      messageKey:
        outcome.refund.status === 'success'
          ? 'server.payments.refunded'
          : outcome.refund.status === 'awaitingApproval'
            ? 'server.refundApproval.requested'
            : 'server.payments.refundProcessing',
    };
  });
  // Maker-checker (docs/api.md, "Refund approval"): the approvers' list and decisions.
  api.call(refundsCalls.approvalList, async (c) => ({ result: await approvalList(c) }));
  api.call(refundsCalls.approve, async (c) => {
    const decision = await approveRefund(c, c.input);
    if (decision.refundStatus === 'failed')
      throw new ApiError(ResultType.FAIL, 'server.refundApproval.approvedFailedAtBrand');
    return {
      result: decision,
      messageKey:
        decision.refundStatus === 'success'
          ? 'server.refundApproval.approved'
          : 'server.payments.refundProcessing',
    };
  });
  api.call(refundsCalls.reject, async (c) => ({
    result: await rejectRefund(c, c.input),
    messageKey: 'server.refundApproval.rejected',
  }));
  // A company's approval threshold (company settings; saved by system and provider admins).
  api.call(refundsCalls.approvalSettingGet, async (c) => ({
    result: await approvalSettingGet(c, c.input.companyId),
  }));
  api.call(refundsCalls.approvalSettingSave, async (c) => ({
    result: await approvalSettingSave(c, c.input),
    messageKey: 'server.saved',
  }));
  // A company's connector and sandbox behaviour per brand (company settings).
  api.call(brandSettingsCalls.get, async (c) => ({
    result: await brandSettingsGet(c, c.input.companyId),
  }));
  api.call(brandSettingsCalls.save, async (c) => ({
    result: await brandSettingsSave(c, c.input),
    messageKey: 'server.saved',
  }));
  api.call(refundsCalls.page, async (c) => ({
    result: await refundPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
  // Exports: the page's filters and scope; the reply is the file (spec points 7 and 8).
  api.call(ordersCalls.exportExcel, async (c) => ({
    file: await orderExport(c, 'xlsx'),
  }));
  api.call(ordersCalls.exportCsv, async (c) => ({
    file: await orderExport(c, 'csv'),
  }));
  api.call(refundsCalls.exportExcel, async (c) => ({
    file: await refundExport(c, 'xlsx'),
  }));
  api.call(refundsCalls.exportCsv, async (c) => ({
    file: await refundExport(c, 'csv'),
  }));
}
