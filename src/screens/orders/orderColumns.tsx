import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { OrderRow } from '../../contract/orders';
import type { ORDER_LIST } from '../../contract/lists/orders';
import { moneyIn } from '../../components/money';
import type { Translate } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import type { Cells } from '../../lists/columns';
import { OrderStatusBadge } from './badges';
import { brandCell } from './brandText';

export const orderHref = (gatewayOrderNo: string) => `/history/order/${encodeURIComponent(gatewayOrderNo)}`;

/** The order number as a link to the order's detail (order and refund lists). */
export const OrderLink = ({ gatewayOrderNo }: { gatewayOrderNo: string }) => (
  <ChakraLink asChild fontWeight="medium" color="blue.700" fontFamily="mono" fontSize="xs">
    <Link href={orderHref(gatewayOrderNo)}>{gatewayOrderNo}</Link>
  </ChakraLink>
);

/** A number as the lists show codes: monospaced, small. */
export const mono = (value: string) => (
  <Text as="span" fontFamily="mono" fontSize="xs">
    {value}
  </Text>
);

type Key = (typeof ORDER_LIST)['columns'][number]['key'];

/** What the transaction history's columns (src/contract/lists/orders.ts) show. */
export const orderCells = (t: Translate): Cells<Key, OrderRow> => ({
  gatewayOrderNo: (r) => <OrderLink gatewayOrderNo={r.gatewayOrderNo} />,
  clientOrderNo: (r) => mono(r.clientOrderNo),
  createdAt: (r) => formatDateTime(r.createdAt),
  amount: (r) => moneyIn(t)(r.amount, r.currency),
  status: (r) => <OrderStatusBadge status={r.status} />,
  brand: (r) => brandCell(t, r.brand, r.subBrand),
  paymentType: (r) => t(`orders.paymentTypes.${r.paymentType}`),
  company: (r) => r.companyName,
  branch: (r) => r.branchUnitName ?? '',
  refundedAmount: (r) => (r.refundedAmount ? moneyIn(t)(r.refundedAmount, r.currency) : ''),
  finishedAt: (r) => formatDateTime(r.finishedAt),
});
