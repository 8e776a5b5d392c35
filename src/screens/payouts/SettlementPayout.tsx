import { Text } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { InfoList, type InfoItem } from '../../components/InfoList';
import { SectionCard } from '../../components/SectionCard';
import { moneyIn } from '../../components/money';
import { formatDateTime } from '../../components/format';
import { payoutOfSettlement } from '../../services/payouts';
import { CheckBadge, DepositCell } from './payoutCells';

/**
 * A brand settlement's three legs on its page (role 0): what we computed the brand owes, what the
 * brand's payment statement says it pays, and the deposit that came (or did not).
 */
export function SettlementPayout({ id }: { id: number }) {
  const t = useT();
  const money = moneyIn(t);
  const load = useLoad(() => payoutOfSettlement(id), [id]);
  const p = load.data;
  if (!p) return null;
  const items: InfoItem[] = [
    { label: t('payouts.ours'), value: p.settlement ? money(p.settlement.net, p.currency) : '—' },
    {
      label: t('payouts.statementNet'),
      value: p.statement ? money(p.statement.net, p.currency) : t('payouts.notReceived'),
    },
    { label: t('payouts.check'), value: <CheckBadge t={t} row={p} /> },
    ...(p.statement
      ? [
          { label: t('payouts.gross'), value: money(p.statement.gross, p.currency) },
          { label: t('payouts.fee'), value: money(p.statement.fee, p.currency) },
          {
            label: t('payouts.statementFile'),
            value: (
              <Text as="span" wordBreak="break-all">
                {p.statement.fileName} · {formatDateTime(p.statement.receivedAt)}
              </Text>
            ),
          },
        ]
      : []),
    { label: t('payouts.deposit'), value: <DepositCell t={t} row={p} /> },
    ...(p.deposit ? [{ label: t('payouts.payerName'), value: p.deposit.payerName || '—' }] : []),
  ];
  return (
    <SectionCard title={t('payouts.settlementCard')}>
      <InfoList items={items} />
    </SectionCard>
  );
}
