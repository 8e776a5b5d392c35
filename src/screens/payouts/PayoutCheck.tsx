import { useCallback } from 'react';
import { PAYOUT_LISTS } from '../../contract/lists/payouts';
import type { PayoutRow } from '../../contract/payouts';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { ListScreen } from '../../lists/ListScreen';
import { pagePayouts } from '../../services/payouts';
import { DepositUploadButton } from './DepositUploadDialog';
import { BrandSettlementTabs } from './BrandSettlementTabs';
import { payoutCells } from './payoutCells';

/**
 * The payout check below the brand settlements (/settle/brand/payouts, role 0): every brand's
 * payouts — our settlement, the brand's payment statement, the deposit — with the differences
 * and missing deposits found by the filters (Against settlement: differs; Deposit: missing).
 * Bank deposits are imported here; their list is the next tab.
 */
export default function PayoutCheck() {
  const t = useT();
  const fetchPage = useCallback((q: ListQuery) => pagePayouts('all', q), []);
  const cells = useCallback((tr: typeof t) => payoutCells(true)(tr), []);
  return (
    <ListScreen
      list={PAYOUT_LISTS.all}
      titleKey="payouts.checkTitle"
      description={t('payouts.checkHint')}
      tableKey="payouts.list.table"
      fetchPage={fetchPage}
      cells={cells}
      rowKey={(r: PayoutRow) => r.id}
      scoped={false}
      tabs={<BrandSettlementTabs />}
      actions={({ reload }) => <DepositUploadButton onImported={reload} />}
    />
  );
}
