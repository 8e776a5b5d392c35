import { useT } from '../../app/i18n';
import { NavTabs } from '../../components/NavTabs';

/**
 * The brand settlements' three pages (role 0) as tabs, as the merchant and agent lists have
 * theirs: what each brand owes (/settle/brand), whether it arrived (the payout check) and the
 * bank's deposits.
 */
export function BrandSettlementTabs() {
  const t = useT();
  return (
    <NavTabs
      label={t('menu.settleBrand')}
      tabs={[
        { href: '/settle/brand', label: t('settlements.list.tabs.settlements') },
        { href: '/settle/brand/payouts', label: t('payouts.checkLink') },
        { href: '/settle/brand/deposits', label: t('payouts.depositsLink') },
      ]}
    />
  );
}
