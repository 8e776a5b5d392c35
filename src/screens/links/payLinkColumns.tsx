import { Badge, Text } from '@chakra-ui/react';
import type { PayLinkRow } from '../../contract/links';
import { OPEN_STATUSES, PAID_STATUSES, type OrderStatus } from '../../contract/orders';
import { moneyIn } from '../../components/money';
import type { PAY_LINK_LIST } from '../../contract/lists/payLinks';
import type { Cells } from '../../lists/columns';
import { formatDateTime } from '../../components/format';
import type { Translate } from '../../i18n/translator';
import { companyCell, createdCell, numbersCell, remarkCell, rowActions } from './linkCells';

/** The badge colour of an order status: paid green, open blue, the rest grey or red. */
export function statusColour(status: OrderStatus) {
  if ((PAID_STATUSES as readonly string[]).includes(status)) return 'green';
  if ((OPEN_STATUSES as readonly string[]).includes(status)) return 'blue';
  return status === 'failed' ? 'red' : 'gray';
}

/** Only an unpaid link that has not ended can be closed. */
export const closable = (r: PayLinkRow) => ['pendingPayment', 'paying', 'customerPaying'].includes(r.status);

/** A list row's actions (the screen opens the link dialog or the close confirmation). */
export interface RowActions<Row> {
  show: (r: Row) => void;
  close: (r: Row) => void;
}

type Key = (typeof PAY_LINK_LIST)['columns'][number]['key'];

/** What the URL-payment list's columns (src/contract/lists/payLinks.ts) show. */
export const payLinkCells = (t: Translate, actions: RowActions<PayLinkRow>): Cells<Key, PayLinkRow> => ({
  gatewayOrderNo: (r) => numbersCell(r.gatewayOrderNo, r.clientOrderNo),
  subject: (r) => r.subject,
  amount: (r) => moneyIn(t)(r.amount, r.currency),
  status: (r) => (
    <Badge colorPalette={statusColour(r.status)} variant="subtle">
      {t(`orders.statuses.${r.status}`)}
    </Badge>
  ),
  payer: (r) => (
    <>
      <Text>{r.payerName || '—'}</Text>
      {r.payerEmail && (
        <Text fontSize="xs" color="fg.muted">
          {r.payerEmail}
        </Text>
      )}
    </>
  ),
  company: companyCell,
  expiresAt: (r) => formatDateTime(r.expiresAt),
  createdAt: createdCell,
  remark: remarkCell,
  actions: (r) =>
    rowActions(
      t,
      r.gatewayOrderNo,
      { show: () => actions.show(r), close: closable(r) ? () => actions.close(r) : null },
      { label: 'links.url.close', of: 'links.url.closeOf' },
    ),
});
