import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import type { PreOrderRow, PreOrderState } from '../../contract/preorders';
import { formatMoney } from '../../contract/money';
import type { Column } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import type { Translate } from '../../i18n';

const STATE_COLOURS: Record<PreOrderState, string> = {
  open: 'blue',
  used: 'green',
  expired: 'gray',
  closed: 'gray',
};

/** What the use-status column says: the spec's 0/1, with a partly used pre-order told apart. */
export type UsesShown = 'unused' | 'inUse' | 'used';
export const usesShown = (r: Pick<PreOrderRow, 'useStatus' | 'usedTimes'>): UsesShown =>
  r.useStatus === 1 ? 'used' : r.usedTimes > 0 ? 'inUse' : 'unused';
const USE_COLOURS: Record<UsesShown, string> = { unused: 'gray', inUse: 'blue', used: 'green' };

export function preOrderColumns(
  t: Translate,
  actions: { show: (r: PreOrderRow) => void; close: (r: PreOrderRow) => void },
  withCompany: boolean,
): Column<PreOrderRow>[] {
  return [
    {
      key: 'gatewayPayNo',
      header: t('linkScreens.payNo'),
      nowrap: true,
      cell: (r) => (
        <>
          <Text fontFamily="mono" fontSize="xs">
            {r.gatewayPayNo}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {r.clientPayNo}
          </Text>
        </>
      ),
    },
    {
      key: 'orderAmount',
      header: t('fields.orderAmount'),
      sortField: 'orderAmount',
      align: 'end',
      nowrap: true,
      cell: (r) => formatMoney(r.orderAmount, r.currency),
    },
    {
      key: 'usedTimes',
      header: t('linkScreens.preOrder.uses'),
      sortField: 'usedTimes',
      align: 'end',
      nowrap: true,
      cell: (r) => t('linkScreens.preOrder.usedOfShort', { used: r.usedTimes, total: r.useTimes }),
    },
    {
      key: 'useStatus',
      header: t('linkScreens.preOrder.useStatus'),
      nowrap: true,
      cell: (r) => (
        <Badge colorPalette={USE_COLOURS[usesShown(r)]} variant="outline">
          {t(`linkScreens.preOrder.useStatusShown.${usesShown(r)}`)}
        </Badge>
      ),
    },
    {
      key: 'state',
      header: t('fields.status'),
      nowrap: true,
      cell: (r) => (
        <Badge colorPalette={STATE_COLOURS[r.state]} variant="subtle">
          {t(`linkScreens.preOrder.state.${r.state}`)}
        </Badge>
      ),
    },
    {
      key: 'useTime',
      header: t('linkScreens.preOrder.useTime'),
      nowrap: true,
      cell: (r) => (
        <>
          <Text>{formatDateTime(r.useStartTime) || '—'}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(r.useFinishTime) || '—'}
          </Text>
        </>
      ),
    },
    {
      key: 'expireTime',
      header: t('linkScreens.expiresAt'),
      sortField: 'expireTime',
      nowrap: true,
      cell: (r) => formatDateTime(r.expireTime),
    },
    ...(withCompany
      ? [
          {
            key: 'company',
            header: t('fields.companyId'),
            minW: '9rem',
            cell: (r: PreOrderRow) => [r.companyName, r.branchUnitName].filter(Boolean).join(' / ') || '—',
          },
        ]
      : []),
    { key: 'remark', header: t('fields.remark'), minW: '8rem', cell: (r) => r.remark || '—' },
    {
      key: 'createdAt',
      header: t('org.createdAt'),
      sortField: 'createdAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) => (
        <Flex gap="1">
          <Button
            size="xs"
            variant="ghost"
            onClick={() => actions.show(r)}
            aria-label={t('linkScreens.showLinkOf', { number: r.gatewayPayNo })}
          >
            {t('linkScreens.showLink')}
          </Button>
          {r.state === 'open' && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => actions.close(r)}
              aria-label={t('linkScreens.preOrder.closeOf', { number: r.gatewayPayNo })}
            >
              {t('linkScreens.preOrder.close')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}
