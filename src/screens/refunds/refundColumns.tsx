import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { RefundRow } from '../../contract/refunds';
import { formatMoney } from '../../contract/money';
import type { Translate } from '../../i18n';
import type { Column } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { RefundStatusBadge } from '../orders/badges';
import { orderHref } from '../orders/orderColumns';
import { brandText } from '../orders/brandText';

const mono = (value: string) => (
  <Text as="span" fontFamily="mono" fontSize="xs">
    {value}
  </Text>
);

/** The refund history's columns; the order number opens the order's detail. */
export function refundColumns(t: Translate, showCompany: boolean): Column<RefundRow>[] {
  return [
    {
      key: 'gatewayRefundNo',
      header: t('orderScreens.gatewayRefundNo'),
      nowrap: true,
      cell: (r) => mono(r.gatewayRefundNo),
    },
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
      key: 'createdAt',
      header: t('orderScreens.createdAt'),
      sortField: 'createdAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'amount',
      header: t('fields.refundAmount'),
      sortField: 'amount',
      align: 'end',
      nowrap: true,
      cell: (r) => formatMoney(r.amount, r.currency),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortField: 'status',
      cell: (r) => <RefundStatusBadge status={r.status} />,
    },
    {
      key: 'brand',
      header: t('fields.brand'),
      nowrap: true,
      cell: (r) => brandText(t, r.brand),
    },
    ...(showCompany
      ? [{ key: 'company', header: t('fields.companyId'), cell: (r: RefundRow) => r.companyName }]
      : []),
    { key: 'clientRefundNo', header: t('orderScreens.clientRefundNo'), cell: (r) => mono(r.clientRefundNo) },
    { key: 'operator', header: t('orderScreens.refundedBy'), cell: (r) => r.operatorLoginId ?? '' },
    {
      key: 'finishedAt',
      header: t('orderScreens.finishedAt'),
      sortField: 'finishedAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.finishedAt),
    },
    { key: 'remark', header: t('fields.remark'), cell: (r) => r.errorMessage || r.remark },
  ];
}
