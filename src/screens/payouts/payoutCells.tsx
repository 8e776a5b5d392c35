import { Badge, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { PayBrand } from '../../contract/brands';
import type { DepositState, PayoutCheck, PayoutRow } from '../../contract/payouts';
import type { PAYOUT_LISTS } from '../../contract/lists/payouts';
import { moneyIn } from '../../components/money';
import type { Translate } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import type { ColumnKey } from '../../lists/ListBody';

const CHECK_PALETTE: Record<PayoutCheck, string> = {
  agrees: 'green',
  differs: 'red',
  noStatement: 'gray',
  noSettlement: 'orange',
};
const DEPOSIT_PALETTE: Record<DepositState, string> = {
  matched: 'green',
  waiting: 'gray',
  missing: 'red',
  notExpected: 'gray',
};

export const brandName = (t: Translate, brand: PayBrand) => t(`reconciliation.imports.brands.${brand}`);

/** The payout against our settlement: agrees, or differs by how much (the brand's less ours). */
export function CheckBadge({ t, row }: { t: Translate; row: PayoutRow }) {
  const money = moneyIn(t);
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={CHECK_PALETTE[row.check]} variant="subtle" whiteSpace="nowrap">
        {t(`payouts.checks.${row.check}`)}
      </Badge>
      {row.check === 'differs' && row.difference !== null && (
        <Text as="span" fontSize="xs" color="red.700" whiteSpace="nowrap">
          {t('payouts.difference')} {row.difference > 0 ? '+' : ''}
          {money(row.difference, row.currency)}
        </Text>
      )}
    </Stack>
  );
}

/** The deposit: when it came (and its reference), or that it is awaited until, or missing. */
export function DepositCell({ t, row }: { t: Translate; row: PayoutRow }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={DEPOSIT_PALETTE[row.depositState]} variant="subtle" whiteSpace="nowrap">
        {t(`payouts.depositStates.${row.depositState}`)}
      </Badge>
      <Text as="span" fontSize="xs" color="fg.muted" overflowWrap="anywhere">
        {row.deposit
          ? `${t('payouts.depositOn', { date: row.deposit.valueDate })}${row.deposit.reference ? ` · ${row.deposit.reference}` : ''}`
          : row.depositState === 'notExpected'
            ? ''
            : t('payouts.depositBy', { date: row.depositBy })}
      </Text>
    </Stack>
  );
}

type List = (typeof PAYOUT_LISTS)['all'];

/** The payout lists' cells (the payment statement pages and the payout check). */
export const payoutCells =
  (settlementLinks: boolean) =>
  (t: Translate): Cells<ColumnKey<List>, PayoutRow> => {
    const money = moneyIn(t);
    const dash = (
      <Text as="span" color="fg.muted">
        {t('payouts.notReceived')}
      </Text>
    );
    return {
      periodEnd: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {t('payouts.periodRange', { begin: r.periodBegin, end: r.periodEnd })}
        </Text>
      ),
      brand: (r) => `${brandName(t, r.brand)} · ${r.currency}`,
      counts: (r) => (r.statement ? `${r.statement.paymentCount} / ${r.statement.refundCount}` : '—'),
      gross: (r) => (r.statement ? money(r.statement.gross, r.currency) : '—'),
      fee: (r) => (r.statement ? money(r.statement.fee, r.currency) : '—'),
      net: (r) => (r.statement ? money(r.statement.net, r.currency) : dash),
      ours: (r) =>
        r.settlement ? (
          settlementLinks ? (
            <Link href={`/settle/brand/${r.settlement.id}`}>
              <Text as="span" color="blue.700" textDecoration="underline" title={r.settlement.settlementNo}>
                {money(r.settlement.net, r.currency)}
              </Text>
            </Link>
          ) : (
            money(r.settlement.net, r.currency)
          )
        ) : (
          '—'
        ),
      check: (r) => <CheckBadge t={t} row={r} />,
      deposit: (r) => <DepositCell t={t} row={r} />,
    };
  };
