import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { OrderRow } from '../../contract/orders';
import { formatMoney } from '../../contract/money';
import type { Translate } from '../../i18n';
import type { Column } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge } from './badges';
import { brandCell } from './brandText';

export const orderHref = (gatewayOrderNo: string) => `/history/order/${encodeURIComponent(gatewayOrderNo)}`;

/** The transaction history's columns (sortable where the server sorts). */
export function orderColumns(t: Translate, showCompany: boolean): Column<OrderRow>[] {
  return [
    {
      key: 'gatewayOrderNo',
      header: t('fields.gatewayOrderNo'),
      nowrap: true,
      cell: (r) => (
        <ChakraLink asChild fontWeight="medium" color="blue.600" fontFamily="mono" fontSize="xs">
          <Link href={orderHref(r.gatewayOrderNo)}>{r.gatewayOrderNo}</Link>
        </ChakraLink>
      ),
    },
    {
      key: 'clientOrderNo',
      header: t('fields.clientOrderNo'),
      nowrap: true,
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="xs">
          {r.clientOrderNo}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      header: t('orderScreens.createdAt'),
      sortField: 'createdAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'amount',
      header: t('orderScreens.amount'),
      sortField: 'amount',
      align: 'end',
      nowrap: true,
      cell: (r) => formatMoney(r.amount, r.currency),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortField: 'status',
      cell: (r) => <OrderStatusBadge status={r.status} />,
    },
    {
      key: 'brand',
      header: t('fields.brand'),
      nowrap: true,
      cell: (r) => brandCell(t, r.brand, r.subBrand),
    },
    {
      key: 'paymentType',
      header: t('fields.paymentType'),
      nowrap: true,
      cell: (r) => t(`payments.paymentType.${r.paymentType}`),
    },
    ...(showCompany
      ? [{ key: 'company', header: t('fields.companyId'), cell: (r: OrderRow) => r.companyName }]
      : []),
    { key: 'branch', header: t('fields.branchUnitId'), cell: (r) => r.branchUnitName ?? '' },
    {
      key: 'refundedAmount',
      header: t('orderScreens.refundedAmount'),
      align: 'end',
      nowrap: true,
      cell: (r) => (r.refundedAmount ? formatMoney(r.refundedAmount, r.currency) : ''),
    },
    {
      key: 'finishedAt',
      header: t('orderScreens.finishedAt'),
      sortField: 'finishedAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.finishedAt),
    },
  ];
}
