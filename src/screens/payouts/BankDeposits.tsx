import { useCallback } from 'react';
import { Text } from '@chakra-ui/react';
import { DEPOSIT_LIST } from '../../contract/lists/payouts';
import type { BankDepositRow } from '../../contract/payouts';
import type { ListQuery } from '../../machines/listQuery';
import { moneyIn } from '../../components/money';
import type { Translate } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import type { ColumnKey } from '../../lists/ListBody';
import { ListScreen } from '../../lists/ListScreen';
import { pageDeposits } from '../../services/payouts';
import { DepositUploadButton } from './DepositUploadDialog';
import { BrandSettlementTabs } from './BrandSettlementTabs';
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
  const fetchPage = useCallback((q: ListQuery) => pageDeposits(q), []);
  return (
    <ListScreen
      list={DEPOSIT_LIST}
      titleKey="payouts.depositsTitle"
      tableKey="payouts.list.depositTable"
      fetchPage={fetchPage}
      cells={cells}
      rowKey={(r: BankDepositRow) => r.id}
      scoped={false}
      tabs={<BrandSettlementTabs />}
      actions={({ reload }) => <DepositUploadButton onImported={reload} />}
    />
  );
}
