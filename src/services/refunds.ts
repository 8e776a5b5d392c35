import { fromPromise } from 'xstate';
import type { Page } from '../contract/envelope';
import type { OrderDetail } from '../contract/orders';
import type { RefundRow } from '../contract/refunds';
import type { RefundReply, SubmitRefundInput } from '../machines/refund';
import { api } from './api';
import { hashPassword } from './auth';
import { syncOrder } from './orders';

/** /pay/refund/refund and /history/refundInfo/* (docs/api.md). */
type Query = Record<string, unknown>;

export const pageRefunds = (query: Query) => api.call<Page<RefundRow>>('/history/refundInfo/page', query);

/**
 * One refund. The refund password leaves the browser hashed like the login password (MD5,
 * uppercase). Silent: the refund machine shows why a refund was refused or failed.
 */
export const submitRefund = (input: SubmitRefundInput) =>
  api.call<RefundReply>(
    '/pay/refund/refund',
    {
      gatewayOrderNo: input.gatewayOrderNo,
      refundAmount: input.refundAmount,
      fullRefund: input.fullRefund,
      refundPassword: hashPassword(input.refundPassword),
      remark: input.remark,
      clientRefundNo: input.clientRefundNo,
    },
    { silent: true },
  );

/** A client refund number for one refund dialog: a retry of the same dialog is the same refund. */
export function newClientRefundNo(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `C${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const REFUND_EXPORT_PATHS = {
  excel: '/history/refundInfo/exportExcel',
  csv: '/history/refundInfo/exportCSVFile',
} as const;

/** The refund machine's services (`refundMachine.provide({ actors: refundActors })`). */
export const refundActors = {
  submitRefund: fromPromise<RefundReply, SubmitRefundInput>(({ input }) => submitRefund(input)),
  syncOrder: fromPromise<OrderDetail, { gatewayOrderNo: string }>(async ({ input }) => {
    const { result } = await syncOrder(input.gatewayOrderNo, { silent: true });
    return result;
  }),
};
