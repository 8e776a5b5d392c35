import { useCallback } from 'react';
import { Badge, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { BrandTransactionRow } from '../../../contract/brandTransactions';
import { BRAND_TRANSACTION_LISTS } from '../../../contract/lists/brandTransactions';
import { AUDIT_CODE, type ReconGroup } from '../../../contract/reconciliation';
import type { ListQuery } from '../../../machines/listQuery';
import type { MessageKey, Translate } from '../../../i18n/translator';
import { formatDateTime } from '../../../components/format';
import { moneyIn } from '../../../components/money';
import type { Cells } from '../../../lists/columns';
import type { ColumnKey } from '../../../lists/ListBody';
import { ListScreen } from '../../../lists/ListScreen';
import { pageBrandTransactions } from '../../../services/reconciliation';
import { orderHref } from '../../orders/orderColumns';

const TITLES: Record<ReconGroup, MessageKey> = {
  wallet: 'menu.walletTrade',
  paypay: 'menu.paypayTrade',
};

type List = (typeof BRAND_TRANSACTION_LISTS)[ReconGroup];

/** Matched (green), an exception (red; grey once resolved), or none (a row still waiting). */
function ResultBadge({ t, row }: { t: Translate; row: BrandTransactionRow }) {
  if (row.code === null) return <Text as="span">—</Text>;
  const ok = row.code === AUDIT_CODE.matched;
  const palette = ok ? 'green' : row.resolution ? 'gray' : 'red';
  return (
    <Badge colorPalette={palette} variant="subtle" whiteSpace="nowrap">
      {t(`orders.auditResults.${row.code}`)}
      {!ok && row.resolution ? ` · ${t('reconciliation.transactions.resolved')}` : ''}
    </Badge>
  );
}

const cells = (t: Translate): Cells<ColumnKey<List>, BrandTransactionRow> => {
  const money = moneyIn(t);
  return {
    time: (r) => formatDateTime(r.time),
    brand: (r) => t(`orders.brands.${r.brand}`),
    kind: (r) => t(`reconciliation.transactions.kinds.${r.kind}`),
    brandOrderNo: (r) => (
      <Text
        as="span"
        fontFamily="mono"
        fontSize="xs"
        wordBreak="break-all"
        title={r.brandRefundNo ?? r.brandOrderNo ?? ''}
      >
        {r.kind === 'refund' ? (r.brandRefundNo ?? r.brandOrderNo ?? '—') : (r.brandOrderNo ?? '—')}
      </Text>
    ),
    order: (r) =>
      r.order ? (
        <Link href={orderHref(r.order.gatewayOrderNo)}>
          <Text as="span" fontFamily="mono" fontSize="xs" color="blue.700" textDecoration="underline">
            {r.order.gatewayOrderNo}
          </Text>
        </Link>
      ) : (
        <Text as="span" color="fg.muted">
          {t('reconciliation.transactions.notOurs')}
        </Text>
      ),
    amount: (r) => money(r.amount, r.currency),
    fee: (r) => (r.fee === null ? '—' : money(r.fee, r.currency)),
    statusRaw: (r) => r.statusRaw,
    code: (r) => <ResultBadge t={t} row={r} />,
    company: (r) => r.order?.companyName ?? '—',
  };
};

/**
 * A brand's transactions as its statements list them (/history/walletTrade,
 * /history/paypayTrade): each row of the current statement of a brand and day, the result it
 * was given and our order it was matched to (a link), filters in the URL, both exports.
 */
export function BrandTransactions({ group }: { group: ReconGroup }) {
  const fetchPage = useCallback((q: ListQuery) => pageBrandTransactions(group, q), [group]);
  return (
    <ListScreen
      list={BRAND_TRANSACTION_LISTS[group]}
      titleKey={TITLES[group]}
      tableKey={TITLES[group]}
      fetchPage={fetchPage}
      cells={cells}
    />
  );
}
