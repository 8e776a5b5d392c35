import { Badge, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { SettlementKind, SettlementRow, SettlementStatus } from '../../contract/settlements';
import type { SETTLEMENT_LISTS } from '../../contract/lists/settlements';
import { moneyIn } from '../../components/money';
import { formatDateTime } from '../../components/format';
import { textOr, type Translate } from '../../i18n/translator';
import { useT } from '../../app/i18n';
import type { Cells } from '../../lists/columns';
import { brandText } from '../orders/brandText';

/** The menu route of each kind's list; a settlement's page is below it (`/settle/actuarial/12`). */
export const SETTLEMENT_ROUTES: Record<SettlementKind, string> = {
  merchant: '/settle/actuarial',
  agent: '/settle/agent',
  brand: '/settle/brand',
};

export const settlementHref = (kind: SettlementKind, id: number) => `${SETTLEMENT_ROUTES[kind]}/${id}`;

/** Not remitted (orange: money still owed) or remitted (green), spec point 4. */
export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  const t = useT();
  return (
    <Badge colorPalette={status === 2 ? 'green' : 'orange'} variant="subtle" whiteSpace="nowrap">
      {t(`settlements.statuses.${status}`)}
    </Badge>
  );
}

/** '2026-11-01 – 2026-11-07', or one day. */
export const periodText = (t: Translate, r: Pick<SettlementRow, 'periodBegin' | 'periodEnd'>) =>
  r.periodBegin === r.periodEnd
    ? r.periodBegin
    : t('settlements.periodRange', { begin: r.periodBegin, end: r.periodEnd });

type Key<K extends SettlementKind> = (typeof SETTLEMENT_LISTS)[K]['columns'][number]['key'];
type AllKeys = Key<'merchant'> | Key<'agent'> | Key<'brand'>;

/** What every settlement list's columns show; the settlement number opens its page. */
export const settlementCells =
  (kind: SettlementKind) =>
  (t: Translate): Cells<AllKeys, SettlementRow> => {
    const money = moneyIn(t);
    return {
      settlementNo: (r) => (
        <ChakraLink asChild color="blue.700" fontFamily="mono" fontSize="xs">
          <Link href={settlementHref(kind, r.id)}>{r.settlementNo}</Link>
        </ChakraLink>
      ),
      period: (r) => periodText(t, r),
      partyName: (r) => r.partyName,
      brand: (r) => brandText(t, r.brand),
      orderTotal: (r) => money(r.orderTotal, r.currency),
      refundTotal: (r) => money(r.refundTotal, r.currency),
      commissionTotal: (r) => money(r.commissionTotal, r.currency),
      rebateTotal: (r) => money(r.rebateTotal, r.currency),
      commissionCost: (r) => money(r.commissionCost, r.currency),
      transferAmount: (r) => money(r.transferAmount, r.currency),
      carriedOut: (r) => money(r.carriedOut, r.currency),
      feeBearer: (r) => textOr(t, `org.remittanceCostType.${r.feeBearer}`, r.feeBearer),
      status: (r) => <SettlementStatusBadge status={r.status} />,
      dueDate: (r) => r.dueDate,
      payTime: (r) => formatDateTime(r.payTime),
    };
  };
