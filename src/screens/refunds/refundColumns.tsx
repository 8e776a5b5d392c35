import type { RefundRow } from '../../contract/refunds';
import type { REFUND_LIST } from '../../contract/lists/refunds';
import { moneyIn } from '../../components/money';
import type { Translate } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import type { Cells } from '../../lists/columns';
import { RefundStatusBadge } from '../orders/badges';
import { OrderLink, mono } from '../orders/orderColumns';
import { brandText, resultText } from '../orders/brandText';

type Key = (typeof REFUND_LIST)['columns'][number]['key'];

/** What the refund history's columns (src/contract/lists/refunds.ts) show; the order number opens the order. */
export const refundCells = (t: Translate): Cells<Key, RefundRow> => ({
  gatewayRefundNo: (r) => mono(r.gatewayRefundNo),
  gatewayOrderNo: (r) => <OrderLink gatewayOrderNo={r.gatewayOrderNo} />,
  createdAt: (r) => formatDateTime(r.createdAt),
  amount: (r) => moneyIn(t)(r.amount, r.currency),
  status: (r) => <RefundStatusBadge status={r.status} />,
  brand: (r) => brandText(t, r.brand),
  company: (r) => r.companyName,
  clientRefundNo: (r) => mono(r.clientRefundNo),
  operator: (r) => r.operatorLoginId ?? '',
  finishedAt: (r) => formatDateTime(r.finishedAt),
  remark: (r) => resultText(t, r.errorCode, r.errorMessage) || r.remark,
});
