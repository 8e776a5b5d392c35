import { useCallback, useState } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { Link } from 'wouter';
import { can } from '../../contract/capabilities';
import { PAYOUT_LISTS } from '../../contract/lists/payouts';
import { type PayoutRow } from '../../contract/payouts';
import type { ReconGroup } from '../../contract/reconciliation';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { showError, showSuccess } from '../../app/toaster';
import { ExportButtons } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import type { MessageKey } from '../../i18n/translator';
import { ListBody } from '../../lists/ListBody';
import { exportCallsOf } from '../../lists/exportCalls';
import { useListOf } from '../../lists/useListScreen';
import { fetchPayoutStatements, pagePayouts } from '../../services/payouts';
import { formatDateTime } from '../../components/format';
import { brandName, payoutCells } from './payoutCells';

const TITLES: Record<ReconGroup, MessageKey> = {
  wallet: 'menu.walletBill',
  paypay: 'menu.paypayBill',
};

/**
 * A payment statement page (/history/walletBill, /history/paypayBill; docs/reconciliation.md
 * "Payouts"): each brand payout of the group's brands — period, counts, gross, fee, net — against
 * our brand settlement and the bank deposit, filters in the URL, both exports. The platform's
 * roles fetch the statements due now; the system admin opens the payout check from here. A
 * payout is the platform's business: the route's role lists give the page to the platform's
 * roles alone (src/contract/routes.ts), so no other role is offered it.
 */
export function PayoutStatements({ group }: { group: ReconGroup }) {
  const t = useT();
  const user = useSessionUser();
  const list = PAYOUT_LISTS[group];
  const fetchPage = useCallback((q: ListQuery) => pagePayouts(group, q), [group]);
  const screen = useListOf<PayoutRow>(list, fetchPage);
  const cells = useCallback((tr: typeof t) => payoutCells(can(user, 'brandSettlements'))(tr), [user]);
  const [fetching, setFetching] = useState(false);
  const { reload } = screen;

  const fetchNow = async () => {
    setFetching(true);
    try {
      const r = await fetchPayoutStatements(group);
      showSuccess(r.fetched > 0 ? t('payouts.fetched', { count: r.fetched }) : t('payouts.nothingFetched'));
      for (const n of r.notReady)
        showError(
          t('payouts.notReady', {
            brand: brandName(t, n.brand),
            end: n.periodEnd,
            at: formatDateTime(n.readyAt),
          }),
        );
      reload();
    } catch {
      // The client has shown the failure.
    } finally {
      setFetching(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t(TITLES[group])}
        description={t('payouts.checkHint')}
        actions={
          <Flex gap="2" wrap="wrap">
            {can(user, 'fetchPayouts') && (
              <Button size="sm" colorPalette="blue" loading={fetching} onClick={fetchNow}>
                {t('payouts.fetch')}
              </Button>
            )}
            {can(user, 'brandSettlements') && (
              <Button asChild size="sm" variant="outline">
                <Link href="/settle/brand/payouts">{t('payouts.checkLink')}</Link>
              </Button>
            )}
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
