import { call, reply } from '../call';
import {
  MerchantCreatePayment,
  MerchantOrderRef,
  MerchantRefund,
  MerchantRefundRef,
  type MerchantOrder,
  type MerchantPayUrl,
  type MerchantRefundResult,
} from '../merchant';

/** The merchant calls (docs/api.md). */
export const merchantCalls = {
  payCreate: call('/merchant/pay/create', {
    access: 'public',
    input: MerchantCreatePayment,
    reply: reply<MerchantOrder>(),
    writes: true,
  }),
  payQuery: call('/merchant/pay/query', {
    access: 'public',
    input: MerchantOrderRef,
    reply: reply<MerchantOrder>(),
    writes: true,
  }),
  payClose: call('/merchant/pay/close', {
    access: 'public',
    input: MerchantOrderRef,
    reply: reply<MerchantOrder>(),
    writes: true,
  }),
  refund: call('/merchant/refund/refund', {
    access: 'public',
    input: MerchantRefund,
    reply: reply<MerchantRefundResult>(),
    writes: true,
  }),
  refundQuery: call('/merchant/refund/query', {
    access: 'public',
    input: MerchantRefundRef,
    reply: reply<MerchantRefundResult>(),
  }),
  payUrl: call('/history/orderInfo/getUrl', {
    access: 'public',
    input: MerchantOrderRef,
    reply: reply<MerchantPayUrl>(),
  }),
} as const;
