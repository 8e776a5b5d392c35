import { Badge, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  STATUS_FILTER_CODES,
  type PayoutState,
  type SettlementKind,
  type SettlementRow,
} from '../../contract/settlements';
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

/** The batches tab of a payout list, opened on a batch (SettlementList reads `batch`). */
export const batchHref = (kind: SettlementKind, batchId: number) =>
  `${SETTLEMENT_ROUTES[kind]}?batch=${batchId}`;

/**
 * A batch's link from where it is shown: on the list itself it keeps the list's filters (the
 * settlements tab comes back as it was), from a settlement's page it opens the list afresh.
 */
function useBatchHref(kind: SettlementKind, batchId: number) {
  const [path] = useLocation();
  const search = useSearch();
  if (path !== SETTLEMENT_ROUTES[kind]) return batchHref(kind, batchId);
  const params = new URLSearchParams(search);
  params.set('batch', String(batchId));
  return `${path}?${params.toString()}`;
}

const STATE_PALETTE: Record<PayoutState, string> = {
  notRemitted: 'orange',
  inBatch: 'blue',
  remitted: 'green',
};

/** Stands for the batch's link inside the translated sentence (never in a catalogue's text). */
const BATCH_MARK = '\u0000';

/**
 * Where a settlement's payout stands, said once: not remitted (orange: money still owed), in
 * payout batch #63 awaiting transfer (blue; the batch's number opens it) or remitted (green).
 */
export function PayoutStateBadge({
  kind,
  settlement: s,
}: {
  kind: SettlementKind;
  settlement: Pick<SettlementRow, 'payoutState' | 'batchId'>;
}) {
  const t = useT();
  const inBatch = s.payoutState === 'inBatch' && s.batchId != null;
  const href = useBatchHref(kind, s.batchId ?? 0);
  const [before, after] = inBatch ? t('settlements.inBatchOf', { batch: BATCH_MARK }).split(BATCH_MARK) : [];
  return (
    // In a batch the sentence may wrap, between its words only (keep-all: not inside 送金バッチ).
    <Badge
      colorPalette={STATE_PALETTE[s.payoutState]}
      variant="subtle"
      {...(inBatch
        ? {
            display: 'inline-block',
            maxW: '12rem',
            whiteSpace: 'normal',
            wordBreak: 'keep-all',
            lineHeight: 'short',
            py: '0.5',
          }
        : { whiteSpace: 'nowrap' })}
    >
      {inBatch ? (
        <>
          {before}
          <ChakraLink asChild color="inherit" textDecoration="underline">
            <Link href={href}>#{s.batchId}</Link>
          </ChakraLink>
          {after}
        </>
      ) : (
        t(`settlements.statuses.${STATUS_FILTER_CODES[s.payoutState]}`)
      )}
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
      carriedIn: (r) => money(r.carriedIn, r.currency),
      carriedOut: (r) => money(r.carriedOut, r.currency),
      feeBearer: (r) => textOr(t, `org.remittanceCostType.${r.feeBearer}`, r.feeBearer),
      status: (r) => <PayoutStateBadge kind={kind} settlement={r} />,
      dueDate: (r) => r.dueDate,
      payTime: (r) => formatDateTime(r.payTime),
    };
  };
