import { call, reply } from '../call';
import {
  type RefundReply,
  RefundInput,
  RefundApprovalListQuery,
  type RefundApprovalRow,
  RefundApproveInput,
  type RefundDecision,
  RefundRejectInput,
  RefundApprovalSettingQuery,
  type RefundApprovalSetting,
  RefundApprovalSettingSave,
  type RefundRow,
} from '../refunds';
import { type Page } from '../envelope';
import { REFUND_LIST, RefundExportQuery, RefundPageQuery } from '../lists/refunds';

/** The refunds calls (docs/api.md). */
export const refundsCalls = {
  refund: call('/pay/refund/refund', {
    access: '/history/order',
    input: RefundInput,
    reply: reply<RefundReply>(),
    writes: true,
  }),
  approvalList: call('/pay/refund/approvalList', {
    access: '/history/refundApproval',
    input: RefundApprovalListQuery,
    reply: reply<RefundApprovalRow[]>(),
  }),
  approve: call('/pay/refund/approve', {
    access: '/history/refundApproval',
    input: RefundApproveInput,
    reply: reply<RefundDecision>(),
    writes: true,
  }),
  reject: call('/pay/refund/reject', {
    access: '/history/refundApproval',
    input: RefundRejectInput,
    reply: reply<RefundDecision>(),
    writes: true,
  }),
  approvalSettingGet: call('/org/refundApproval/get', {
    access: '/setup/company',
    input: RefundApprovalSettingQuery,
    reply: reply<RefundApprovalSetting>(),
  }),
  approvalSettingSave: call('/org/refundApproval/save', {
    access: '/setup/company',
    input: RefundApprovalSettingSave,
    reply: reply<RefundApprovalSetting>(),
    writes: true,
  }),
  page: call(REFUND_LIST.path, {
    access: REFUND_LIST.route,
    input: RefundPageQuery,
    reply: reply<Page<RefundRow>>(),
  }),
  exportExcel: call(REFUND_LIST.exports.paths.excel, {
    access: REFUND_LIST.route,
    input: RefundExportQuery,
    kind: 'file',
  }),
  exportCsv: call(REFUND_LIST.exports.paths.csv, {
    access: REFUND_LIST.route,
    input: RefundExportQuery,
    kind: 'file',
  }),
} as const;
