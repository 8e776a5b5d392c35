import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Tabs } from '@chakra-ui/react';
import { Link, useLocation, useSearch } from 'wouter';
import { can } from '../../contract/capabilities';
import { type SettlementKind, type SettlementRow } from '../../contract/settlements';
import { SETTLEMENT_LISTS } from '../../contract/lists/settlements';
import type { ListQuery } from '../../machines/listQuery';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import { ExportButtons } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { ListBody } from '../../lists/ListBody';
import { exportCallsOf } from '../../lists/exportCalls';
import { useListOf } from '../../lists/useListScreen';
import { pageSettlements, settlementParties } from '../../services/settlements';
import type { MessageKey } from '../../i18n/translator';
import { settlementCells } from './settlementCells';
import { SettlementTotals } from './SettlementTotals';
import { PayoutBatches } from '../payoutBatches/PayoutBatches';
import { CheckoutButton } from './CheckoutDialog';
import { BrandSettlementTabs } from '../payouts/BrandSettlementTabs';

const TITLES: Record<SettlementKind, MessageKey> = {
  merchant: 'menu.settleMerchant',
  agent: 'menu.settleAgent',
  brand: 'menu.settleBrand',
};

/**
 * A settlement list (/settle/actuarial, /settle/agent, /settle/brand): the filters in the URL
 * (period end ≤ 75 days, the party within the caller's scope, currency, status, brand), the
 * totals of what they select, the sortable list whose numbers open each settlement's page, both
 * exports. Merchants and agencies are paid out: who may pay ticks not-remitted rows and checks
 * them out (the settlementCheckout workflow); their payout batches are the second tab.
 */
export function SettlementList({ kind }: { kind: SettlementKind }) {
  const t = useT();
  const user = useSessionUser();
  const list = SETTLEMENT_LISTS[kind];
  const fetchPage = useCallback((q: ListQuery) => pageSettlements(kind, q), [kind]);
  const screen = useListOf<SettlementRow>(list, fetchPage);
  const parties = useLoad(() => settlementParties(kind), [kind]);
  const cells = useCallback((tr: typeof t) => settlementCells(kind)(tr), [kind]);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const payout = kind !== 'brand';
  const mayPay = payout && can(user, 'payOut');
  // A settlement's batch link (`?batch=63`, batchHref) opens the batches tab, here or from elsewhere.
  // Only that batch is listed until the user asks for all; the list's filters stay in the URL.
  const search = useSearch();
  const [path, navigate] = useLocation();
  const askedBatch = Number(new URLSearchParams(search).get('batch'));
  const onlyBatch = Number.isSafeInteger(askedBatch) && askedBatch > 0 ? askedBatch : undefined;
  const batchAsked = onlyBatch != null;
  const [tab, setTab] = useState(payout && batchAsked ? 'batches' : 'settlements');
  useEffect(() => {
    if (payout && batchAsked) setTab('batches');
  }, [payout, batchAsked, onlyBatch]);
  /** The URL without the batch asked for (its other parameters, the list's filters, kept). */
  const forgetBatch = () => {
    const params = new URLSearchParams(search);
    params.delete('batch');
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  };

  const afterPayout = () => {
    setSelected(new Set());
    setVersion((v) => v + 1);
    screen.reload();
  };

  const options = {
    partyId: (parties.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  };
  const body = (
    <>
      <SettlementTotals
        kind={kind}
        filters={screen.status === 'invalid' ? null : screen.filters}
        version={version}
      />
      <ListBody
        list={list}
        screen={screen}
        tableKey="settlements.list.table"
        cells={cells}
        rowKey={(r) => r.id}
        options={options}
        {...(mayPay
          ? {
              selection: {
                selected,
                onChange: setSelected,
                rowLabel: (r: SettlementRow) => t('settlements.list.selectRow', { no: r.settlementNo }),
              },
            }
          : {})}
      />
    </>
  );

  return (
    <>
      <PageHeader
        title={t(TITLES[kind])}
        {...(mayPay
          ? { description: t('settlements.list.payHint') }
          : kind === 'brand'
            ? { description: t('settlements.list.brandHint') }
            : {})}
        actions={
          // Paying out and the exports act on the settlements tab's list, not on the batches.
          tab === 'settlements' && (
            <Flex gap="2" wrap="wrap">
              {mayPay && (
                <CheckoutButton kind={kind} ids={[...selected].map(Number)} onCheckedOut={afterPayout} />
              )}
              <ExportButtons paths={exportCallsOf(list.exports)} query={screen.filters} />
              {kind === 'brand' && can(user, 'brandSettlements') && (
                <Button asChild size="sm" variant="outline">
                  <Link href="/settle/settings">{t('settlements.list.settings')}</Link>
                </Button>
              )}
            </Flex>
          )
        }
      />
      {payout ? (
        <Tabs.Root
          value={tab}
          onValueChange={(e) => {
            setTab(e.value);
            if (batchAsked) forgetBatch();
          }}
          lazyMount
          unmountOnExit
        >
          <Tabs.List mb="4">
            <Tabs.Trigger value="settlements">{t('settlements.list.tabs.settlements')}</Tabs.Trigger>
            <Tabs.Trigger value="batches">{t('settlements.list.tabs.batches')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="settlements">{body}</Tabs.Content>
          <Tabs.Content value="batches">
            <PayoutBatches kind={kind} onChanged={afterPayout} only={onlyBatch} onShowAll={forgetBatch} />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <>
          <BrandSettlementTabs />
          {body}
        </>
      )}
    </>
  );
}
