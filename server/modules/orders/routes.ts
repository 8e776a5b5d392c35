import { OrderRef } from '../../../src/contract/orders';
import { OrderPageQuery } from '../../../src/contract/lists/orders';
import { RefundPageQuery } from '../../../src/contract/lists/refunds';
import {
  RefundApprovalListQuery,
  RefundApprovalSettingQuery,
  RefundApprovalSettingSave,
  RefundApproveInput,
  RefundInput,
  RefundRejectInput,
} from '../../../src/contract/refunds';
import { BrandSettingsQuery, BrandSettingsSave } from '../../../src/contract/brandSettings';
import type { Api } from '../../platform/api';
import { ApiError } from '../../platform/envelope';
import { ResultType } from '../../../src/contract/envelope';
import { brandSettingsGet, brandSettingsSave } from './brandSettings';
import { actorOf } from '../../platform/audit';
import { scopeOf } from '../../platform/scope';
import { findOrder, orderDetail, orderPage, refundPage } from './queries';
import { syncOrder } from './payments';
import { consoleRefund, refundFailedError, syncRefunds } from './refunds';
import { OrderExportQuery, RefundExportQuery } from '../../../src/contract/exports';
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
  api.call('/history/orderInfo/page', { access: ORDER_ROUTE, input: OrderPageQuery }, async (c) => ({
    result: await orderPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
  api.call('/history/orderInfo/get', { access: ORDER_ROUTE, input: OrderRef }, async (c) => ({
    result: await orderDetail(c.deps.db, scopeOf(c.principal), c.input),
  }));
  // Asks the brand again; whoever may see the order may bring it up to date (it records, never decides).
  api.call(
    '/history/orderInfo/getOrderSync',
    { writes: true, access: ORDER_ROUTE, input: OrderRef },
    async (c) => {
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
    },
  );
  api.call('/pay/refund/refund', { writes: true, access: ORDER_ROUTE, input: RefundInput }, async (c) => {
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
  api.call(
    '/pay/refund/approvalList',
    { access: REFUND_APPROVAL_ROUTE, input: RefundApprovalListQuery },
    async (c) => ({ result: await approvalList(c) }),
  );
  api.call(
    '/pay/refund/approve',
    { writes: true, access: REFUND_APPROVAL_ROUTE, input: RefundApproveInput },
    async (c) => {
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
    },
  );
  api.call(
    '/pay/refund/reject',
    { writes: true, access: REFUND_APPROVAL_ROUTE, input: RefundRejectInput },
    async (c) => ({ result: await rejectRefund(c, c.input), messageKey: 'server.refundApproval.rejected' }),
  );
  // A company's approval threshold (company settings; saved by system and provider admins).
  api.call(
    '/org/refundApproval/get',
    { access: '/setup/company', input: RefundApprovalSettingQuery },
    async (c) => ({ result: await approvalSettingGet(c, c.input.companyId) }),
  );
  api.call(
    '/org/refundApproval/save',
    { writes: true, access: '/setup/company', input: RefundApprovalSettingSave },
    async (c) => ({ result: await approvalSettingSave(c, c.input), messageKey: 'server.saved' }),
  );
  // A company's connector and sandbox behaviour per brand (company settings).
  api.call('/org/brandSetting/get', { access: '/setup/company', input: BrandSettingsQuery }, async (c) => ({
    result: await brandSettingsGet(c, c.input.companyId),
  }));
  api.call(
    '/org/brandSetting/save',
    { writes: true, access: '/setup/company', input: BrandSettingsSave },
    async (c) => ({
      result: await brandSettingsSave(c, c.input),
      messageKey: 'server.saved',
    }),
  );
  api.call('/history/refundInfo/page', { access: REFUND_ROUTE, input: RefundPageQuery }, async (c) => ({
    result: await refundPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
  // Exports: the page's filters and scope; the reply is the file (spec points 7 and 8).
  api.call('/history/orderInfo/exportExcel', { access: ORDER_ROUTE, input: OrderExportQuery }, async (c) => ({
    file: await orderExport(c, 'xlsx'),
  }));
  api.call(
    '/history/orderInfo/exportCSVFile',
    { access: ORDER_ROUTE, input: OrderExportQuery },
    async (c) => ({
      file: await orderExport(c, 'csv'),
    }),
  );
  api.call(
    '/history/refundInfo/exportExcel',
    { access: REFUND_ROUTE, input: RefundExportQuery },
    async (c) => ({
      file: await refundExport(c, 'xlsx'),
    }),
  );
  api.call(
    '/history/refundInfo/exportCSVFile',
    { access: REFUND_ROUTE, input: RefundExportQuery },
    async (c) => ({
      file: await refundExport(c, 'csv'),
    }),
  );
}
