import { useCallback } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { Link } from 'wouter';
import { PAYOUT_LISTS } from '../../contract/lists/payouts';
import type { PayoutRow } from '../../contract/payouts';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { ExportButtons } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { ListBody } from '../../lists/ListBody';
import { exportCallsOf } from '../../lists/exportCalls';
import { useListOf } from '../../lists/useListScreen';
import { pagePayouts } from '../../services/payouts';
import { DepositUploadButton } from './DepositUploadDialog';
import { payoutCells } from './payoutCells';

/**
 * The payout check below the brand settlements (/settle/brand/payouts, role 0): every brand's
 * payouts — our settlement, the brand's payment statement, the deposit — with the differences
 * and missing deposits found by the filters (Against settlement: differs; Deposit: missing).
 * Bank deposits are imported here; their list is the next page.
 */
export default function PayoutCheck() {
  const t = useT();
  const list = PAYOUT_LISTS.all;
  const fetchPage = useCallback((q: ListQuery) => pagePayouts('all', q), []);
  const screen = useListOf<PayoutRow>(list, fetchPage);
  const cells = useCallback((tr: typeof t) => payoutCells(true)(tr), []);
  const { reload } = screen;
  return (
    <>
      <PageHeader
        title={t('payouts.checkTitle')}
        description={t('payouts.checkHint')}
        actions={
          <Flex gap="2" wrap="wrap">
            <DepositUploadButton onImported={reload} />
            <Button asChild size="sm" variant="outline">
              <Link href="/settle/brand/deposits">{t('payouts.depositsLink')}</Link>
            </Button>
            <ExportButtons paths={exportCallsOf(list.exports)} query={screen.filters} />
          </Flex>
        }
      />
      <ListBody
        list={list}
        screen={screen}
        tableKey="payouts.list.table"
        cells={cells}
        rowKey={(r) => r.id}
      />
    </>
  );
}
