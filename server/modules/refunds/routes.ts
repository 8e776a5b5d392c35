import { ResultType } from '../../../src/contract/envelope';
import {
  RefundApprovalListQuery,
  RefundApprovalSettingQuery,
  RefundApprovalSettingSave,
  RefundApproveInput,
  RefundInput,
  RefundPageQuery,
  RefundRejectInput,
} from '../../../src/contract/refunds';
import type { Api } from '../../platform/api';
import { ApiError } from '../../platform/envelope';
import { scopeOf } from '../../platform/scope';
import {
  approvalList,
  approvalSettingGet,
  approvalSettingSave,
  approveRefund,
  rejectRefund,
} from './approval';
import { refundPage } from './queries';
import { consoleRefund, refundFailedError } from './service';

/** Route paths of the contract's menu that grant the calls (a refund is asked for on the order screen). */
const ORDER_ROUTE = '/history/order';
export const REFUND_ROUTE = '/history/refund';
export const REFUND_APPROVAL_ROUTE = '/history/refundApproval';

export function refundRoutes(api: Api) {
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
  api.call('/history/refundInfo/page', { access: REFUND_ROUTE, input: RefundPageQuery }, async (c) => ({
    result: await refundPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
}
