import { Badge, Text } from '@chakra-ui/react';
import type { PreOrderRow, PreOrderState } from '../../contract/preorders';
import { moneyIn } from '../../components/money';
import type { PRE_ORDER_LIST } from '../../contract/lists/preOrders';
import type { Cells } from '../../lists/columns';
import { formatDateTime } from '../../components/format';
import type { Translate } from '../../i18n/translator';
import { companyCell, createdCell, numbersCell, remarkCell, rowActions } from '../links/linkCells';
import type { RowActions } from '../links/payLinkColumns';

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

type Key = (typeof PRE_ORDER_LIST)['columns'][number]['key'];

/** What the pre-order list's columns (src/contract/lists/preOrders.ts) show. */
export const preOrderCells = (t: Translate, actions: RowActions<PreOrderRow>): Cells<Key, PreOrderRow> => ({
  gatewayPayNo: (r) => numbersCell(r.gatewayPayNo, r.clientPayNo),
  orderAmount: (r) => moneyIn(t)(r.orderAmount, r.currency),
  usedTimes: (r) => t('preorders.usedOfShort', { used: r.usedTimes, total: r.useTimes }),
  useStatus: (r) => (
    <Badge colorPalette={USE_COLOURS[usesShown(r)]} variant="outline">
      {t(`preorders.useStatusShown.${usesShown(r)}`)}
    </Badge>
  ),
  state: (r) => (
    <Badge colorPalette={STATE_COLOURS[r.state]} variant="subtle">
      {t(`preorders.state.${r.state}`)}
    </Badge>
  ),
  useTime: (r) => (
    <>
      <Text>{formatDateTime(r.useStartTime) || '—'}</Text>
      <Text fontSize="xs" color="fg.muted">
        {formatDateTime(r.useFinishTime) || '—'}
      </Text>
    </>
  ),
  expireTime: (r) => formatDateTime(r.expireTime),
  company: companyCell,
  remark: remarkCell,
  createdAt: createdCell,
  actions: (r) =>
    rowActions(
      t,
      r.gatewayPayNo,
      { show: () => actions.show(r), close: r.state === 'open' ? () => actions.close(r) : null },
      { label: 'preorders.close', of: 'preorders.closeOf' },
    ),
});
