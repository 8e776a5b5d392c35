import { Alert, Heading, Table, Text } from '@chakra-ui/react';
import type { SettlementDetail } from '../../contract/settlements';
import { useT } from '../../app/i18n';
import { moneyIn } from '../../components/money';
import type { Translate } from '../../i18n/translator';
import { SectionCard } from '../../components/SectionCard';

/**
 * One line of the statement: `amount` is signed as it counts (deductions negative); a `memo`
 * line is shown for what it records but is not part of the sum (an agency's OUR transfer fee,
 * borne by the platform). A `result` is what the lines above it add up to.
 */
export interface StatementLine {
  key: string;
  label: string;
  count?: number;
  amount: number;
  role: 'item' | 'result' | 'memo';
  note?: string;
}

type LineKey =
  | 'carriedIn'
  | 'orders'
  | 'refunds'
  | 'commission'
  | 'balance'
  | 'transferCommission'
  | 'transferAmount'
  | 'carriedOut';

/** −x without a "−0" for nothing deducted. */
const minus = (x: number) => (x === 0 ? 0 : -x);

/**
 * The settlement's arithmetic as the closing run computed it (docs/settlement.md,
 * server/modules/settlements/arithmetic.ts), line by line: the items add up to each result
 * below them, and the last results are what is paid out and what is carried into the next period.
 */
export function statementLines(t: Translate, s: SettlementDetail): StatementLine[] {
  const L = (key: LineKey) => t(`settlements.statement.lines.${key}`);
  const orders: StatementLine = {
    key: 'orders',
    label: L('orders'),
    count: s.orderCount,
    amount: s.orderTotal,
    role: 'item',
  };
  const refunds: StatementLine = {
    key: 'refunds',
    label: L('refunds'),
    count: s.refundCount,
    amount: minus(s.refundTotal),
    role: 'item',
  };
  if (s.kind === 'brand') {
    return [
      orders,
      refunds,
      {
        key: 'commissionCost',
        label: t('settlements.commissionCost'),
        amount: minus(s.commissionCost),
        role: 'item',
      },
      { key: 'brandNet', label: t('settlements.brandNet'), amount: s.transferAmount, role: 'result' },
    ];
  }
  const balance = s.transferCommission + s.transferAmount + s.carriedOut;
  const our = s.kind === 'agent' && s.feeBearer === 'OUR';
  const charge: StatementLine[] =
    s.kind === 'merchant'
      ? [
          orders,
          refunds,
          { key: 'commission', label: L('commission'), amount: minus(s.commissionTotal), role: 'item' },
        ]
      : [{ key: 'rebate', label: t('settlements.rebateTotal'), amount: s.rebateTotal, role: 'item' }];
  const transferCommission: StatementLine = our
    ? {
        key: 'transferCommission',
        label: L('transferCommission'),
        amount: s.transferCommission,
        role: 'memo',
        note: t('settlements.detail.feeBearerOur'),
      }
    : {
        key: 'transferCommission',
        label: L('transferCommission'),
        amount: minus(s.transferCommission),
        role: 'item',
        ...(s.kind === 'agent' ? { note: t('settlements.detail.feeBearerSha') } : {}),
      };
  return [
    { key: 'carriedIn', label: L('carriedIn'), amount: s.carriedIn, role: 'item' },
    ...charge,
    // With OUR nothing is deducted: the balance is what the transfer and the carry-over share.
    {
      key: 'balance',
      label: L('balance'),
      amount: our ? s.transferAmount + s.carriedOut : balance,
      role: 'result',
    },
    transferCommission,
    { key: 'transferAmount', label: L('transferAmount'), amount: s.transferAmount, role: 'result' },
    { key: 'carriedOut', label: L('carriedOut'), amount: s.carriedOut, role: 'result' },
  ];
}

/** Why nothing was paid out, when the whole balance is carried into the next period. */
export function carriedNote(t: Translate, s: SettlementDetail): string | null {
  if (s.kind === 'brand' || s.transferAmount !== 0 || s.carriedOut === 0) return null;
  return t(s.carriedOut < 0 ? 'settlements.detail.negativeNote' : 'settlements.detail.carriedNote');
}

function LinesTable({ label, lines, currency }: { label: string; lines: StatementLine[]; currency: string }) {
  const t = useT();
  const money = moneyIn(t);
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('settlements.statement.item')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('settlements.statement.amount')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((l) => (
          <Table.Row key={l.key} bg={l.role === 'result' ? 'bg.muted' : undefined} data-line={l.key}>
            <Table.Cell as="th" scope="row" fontWeight={l.role === 'result' ? 'semibold' : 'normal'}>
              {l.label}
              {l.count != null && (
                <Text as="span" color="fg.muted" ms="2" fontSize="xs">
                  {t('settlements.detail.count', { count: l.count })}
                </Text>
              )}
              {l.note && (
                <Text color="fg.muted" fontSize="xs">
                  {l.note}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell
              textAlign="end"
              whiteSpace="nowrap"
              fontVariantNumeric="tabular-nums"
              fontWeight={l.role === 'result' ? 'semibold' : 'normal'}
              color={l.role === 'memo' ? 'fg.muted' : l.amount < 0 ? 'red.700' : undefined}
            >
              {l.role === 'memo' ? `(${money(l.amount, currency)})` : money(l.amount, currency)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The statement card: the lines, the carry-over note, and an agency's totals for information. */
export function SettlementStatement({ settlement: s }: { settlement: SettlementDetail }) {
  const t = useT();
  const note = carriedNote(t, s);
  const info: StatementLine[] =
    s.kind === 'agent'
      ? [
          {
            key: 'orders',
            label: t('settlements.statement.lines.orders'),
            count: s.orderCount,
            amount: s.orderTotal,
            role: 'item',
          },
          {
            key: 'refunds',
            label: t('settlements.statement.lines.refunds'),
            count: s.refundCount,
            amount: s.refundTotal,
            role: 'item',
          },
          {
            key: 'commission',
            label: t('settlements.statement.lines.commission'),
            amount: s.commissionTotal,
            role: 'item',
          },
        ]
      : [];
  return (
    <SectionCard title={t('settlements.detail.lines')}>
      <LinesTable label={t('settlements.detail.lines')} lines={statementLines(t, s)} currency={s.currency} />
      {note && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title>{note}</Alert.Title>
        </Alert.Root>
      )}
      {info.length > 0 && (
        <>
          <Heading as="h3" size="xs" color="fg.muted">
            {t('settlements.detail.forInformation')}
          </Heading>
          <LinesTable label={t('settlements.detail.forInformation')} lines={info} currency={s.currency} />
        </>
      )}
    </SectionCard>
  );
}
