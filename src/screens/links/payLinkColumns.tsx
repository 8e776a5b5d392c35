import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import type { PayLinkRow } from '../../contract/links';
import { OPEN_STATUSES, PAID_STATUSES, type OrderStatus } from '../../contract/orders';
import { formatMoney } from '../../contract/money';
import type { Column } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import type { Translate } from '../../i18n';

/** The badge colour of an order status: paid green, open blue, the rest grey or red. */
export function statusColour(status: OrderStatus) {
  if ((PAID_STATUSES as readonly string[]).includes(status)) return 'green';
  if ((OPEN_STATUSES as readonly string[]).includes(status)) return 'blue';
  return status === 'failed' ? 'red' : 'gray';
}

/** Only an unpaid link that has not ended can be closed. */
export const closable = (r: PayLinkRow) => ['pendingPayment', 'paying', 'customerPaying'].includes(r.status);

export function payLinkColumns(
  t: Translate,
  actions: { show: (r: PayLinkRow) => void; close: (r: PayLinkRow) => void },
  withCompany: boolean,
): Column<PayLinkRow>[] {
  return [
    {
      key: 'gatewayOrderNo',
      header: t('linkScreens.orderNo'),
      nowrap: true,
      cell: (r) => (
        <>
          <Text fontFamily="mono" fontSize="xs">
            {r.gatewayOrderNo}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {r.clientOrderNo}
          </Text>
        </>
      ),
    },
    { key: 'subject', header: t('fields.subject'), minW: '10rem', cell: (r) => r.subject },
    {
      key: 'amount',
      header: t('fields.amount'),
      sortField: 'amount',
      align: 'end',
      nowrap: true,
      cell: (r) => formatMoney(r.amount, r.currency),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortField: 'status',
      nowrap: true,
      cell: (r) => (
        <Badge colorPalette={statusColour(r.status)} variant="subtle">
          {t(`payments.orderStatus.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'payer',
      header: t('linkScreens.payer.title'),
      minW: '9rem',
      cell: (r) => (
        <>
          <Text>{r.payerName || '—'}</Text>
          {r.payerEmail && (
            <Text fontSize="xs" color="fg.muted">
              {r.payerEmail}
            </Text>
          )}
        </>
      ),
    },
    ...(withCompany
      ? [
          {
            key: 'company',
            header: t('fields.companyId'),
            minW: '9rem',
            cell: (r: PayLinkRow) => [r.companyName, r.branchUnitName].filter(Boolean).join(' / ') || '—',
          },
        ]
      : []),
    {
      key: 'expiresAt',
      header: t('linkScreens.expiresAt'),
      sortField: 'expiresAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.expiresAt),
    },
    {
      key: 'createdAt',
      header: t('org.createdAt'),
      sortField: 'createdAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.createdAt),
    },
    { key: 'remark', header: t('fields.remark'), minW: '8rem', cell: (r) => r.remark || '—' },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) => (
        <Flex gap="1">
          <Button
            size="xs"
            variant="ghost"
            onClick={() => actions.show(r)}
            aria-label={t('linkScreens.showLinkOf', { number: r.gatewayOrderNo })}
          >
            {t('linkScreens.showLink')}
          </Button>
          {closable(r) && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => actions.close(r)}
              aria-label={t('linkScreens.url.closeOf', { number: r.gatewayOrderNo })}
            >
              {t('linkScreens.url.close')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}
