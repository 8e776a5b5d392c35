import type { MerchantOrder } from '../../../src/contract/merchant';
import type { OrderStatus } from '../../../src/contract/orders';
import { iso } from '../../platform/lists';
import type { OrderRecord } from './orderRecord';

/** The payer's page for an order. */
export const payerUrl = (base: string, gatewayOrderNo: string) =>
  `${base}/qrcode?orderNo=${encodeURIComponent(gatewayOrderNo)}`;

/** An order as the merchant API shows it (replies and notifications). */
export const toMerchantOrder = (o: OrderRecord, base: string): MerchantOrder => ({
  clientOrderNo: o.clientOrderNo,
  gatewayOrderNo: o.gatewayOrderNo,
  brandOrderNo: o.brandOrderNo,
  amount: o.amount,
  currency: o.currency,
  status: o.status as OrderStatus,
  paymentType: o.paymentType,
  brand: o.brand,
  subBrand: o.subBrand,
  refundedAmount: o.refundedAmount,
  payUrl: payerUrl(base, o.gatewayOrderNo),
  expiresAt: o.expiresAt ? iso(o.expiresAt) : null,
  createdAt: iso(o.createdAt),
  finishedAt: o.finishedAt ? iso(o.finishedAt) : null,
  errorCode: o.errorCode,
});
