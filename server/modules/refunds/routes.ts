import { refundsCalls } from '../../../src/contract/calls/refunds';
import { ResultType } from '../../../src/contract/envelope';
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

export function refundRoutes(api: Api) {
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
          ? 'server.refunds.refunded'
          : outcome.refund.status === 'awaitingApproval'
            ? 'server.refunds.approval.requested'
            : 'server.refunds.refundProcessing',
    };
  });
  // Maker-checker (docs/api.md, "Refund approval"): the approvers' list and decisions.
  api.call(refundsCalls.approvalList, async (c) => ({ result: await approvalList(c) }));
  api.call(refundsCalls.approve, async (c) => {
    const decision = await approveRefund(c, c.input);
    if (decision.refundStatus === 'failed')
      throw new ApiError(ResultType.FAIL, 'server.refunds.approval.approvedFailedAtBrand');
    return {
      result: decision,
      messageKey:
        decision.refundStatus === 'success'
          ? 'server.refunds.approval.approved'
          : 'server.refunds.refundProcessing',
    };
  });
  api.call(refundsCalls.reject, async (c) => ({
    result: await rejectRefund(c, c.input),
    messageKey: 'server.refunds.approval.rejected',
  }));
  // A company's approval threshold (company settings; saved by system and provider admins).
  api.call(refundsCalls.approvalSettingGet, async (c) => ({
    result: await approvalSettingGet(c, c.input.companyId),
  }));
  api.call(refundsCalls.approvalSettingSave, async (c) => ({
    result: await approvalSettingSave(c, c.input),
    messageKey: 'server.saved',
  }));
  api.call(refundsCalls.page, async (c) => ({
    result: await refundPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, c.input),
  }));
}
