import { useCallback } from 'react';
import { Flex, Text } from '@chakra-ui/react';
import { DEPOSIT_LIST } from '../../contract/lists/payouts';
import type { BankDepositRow } from '../../contract/payouts';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { ExportButtons } from '../../components/ExportButton';
import { moneyIn } from '../../components/money';
import { PageHeader } from '../../components/PageHeader';
import type { Translate } from '../../i18n';
import type { Cells } from '../../lists/columns';
import { ListBody, type ColumnKey } from '../../lists/ListBody';
import { exportCallsOf } from '../../lists/exportCalls';
import { useListOf } from '../../lists/useListScreen';
import { pageDeposits } from '../../services/payouts';
import { DepositUploadButton } from './DepositUploadDialog';
import { brandName } from './payoutCells';

const cells = (t: Translate): Cells<ColumnKey<typeof DEPOSIT_LIST>, BankDepositRow> => {
  const money = moneyIn(t);
  return {
    valueDate: (r) => r.valueDate,
    amount: (r) => money(r.amount, r.currency),
    payerName: (r) => r.payerName || '—',
    reference: (r) => (
      <Text as="span" fontFamily="mono" fontSize="xs">
        {r.reference || '—'}
      </Text>
    ),
    payout: (r) =>
      r.payout ? (
        `${brandName(t, r.payout.brand)} · ${r.payout.periodEnd}`
      ) : (
        <Text as="span" color="fg.muted">
          {t('payouts.otherTransfer')}
        </Text>
      ),
    file: (r) => `${r.fileName} (${r.line})`,
  };
};

/**
 * The platform's bank deposits (/settle/brand/deposits, role 0): every incoming transfer
 * imported, the payout it paid or none, filters in the URL, both exports, the import.
 */
export default function BankDeposits() {
  const t = useT();
  const fetchPage = useCallback((q: ListQuery) => pageDeposits(q), []);
  const screen = useListOf<BankDepositRow>(DEPOSIT_LIST, fetchPage);
  const { reload } = screen;
  return (
    <>
      <PageHeader
        title={t('payouts.depositsTitle')}
        actions={
          <Flex gap="2" wrap="wrap">
            <DepositUploadButton onImported={reload} />
            <ExportButtons paths={exportCallsOf(DEPOSIT_LIST.exports)} query={screen.filters} />
          </Flex>
        }
      />
      <ListBody
        list={DEPOSIT_LIST}
        screen={screen}
        tableKey="payouts.list.depositTable"
        cells={cells}
        rowKey={(r) => r.id}
      />
    </>
  );
}
