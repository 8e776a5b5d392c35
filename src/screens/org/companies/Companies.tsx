import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { CompanyRow } from '../../../contract/org';
import { COMPANY_LIST } from '../../../contract/lists/org';
import { pageCompanies } from '../../../services/org';
import { useT } from '../../../app/i18n';
import type { Cells } from '../../../lists/columns';
import type { ColumnKey } from '../../../lists/ListBody';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { OrgListPage, type OrgCellKey } from '../../shared/OrgList';

/** The company list's own columns around the common ones. */
const companyCells = (
  common: Cells<OrgCellKey, CompanyRow>,
): Cells<ColumnKey<typeof COMPANY_LIST>, CompanyRow> => ({
  id: (r) => r.id,
  ...common,
  agentName: (r) => r.agentName ?? '—',
  mid: (r) => r.mid || '—',
  branchCount: (r) => r.branchCount,
});

/** /setup/company: companies in scope, filters name / provider / agency / status; a row opens its page. */
export default function Companies() {
  const t = useT();
  const user = useSessionUser();
  // Beside edit and lock: the company's commission rates.
  const ratesLink = (r: CompanyRow) =>
    can(user, 'editCommission') && (
      <Button size="xs" variant="ghost" asChild>
        <Link href={`/setup/commissonRate?companyId=${r.id}`}>{t('org.company.rates')}</Link>
      </Button>
    );
  return (
    <OrgListPage
      kind="company"
      list={COMPANY_LIST}
      fetchPage={pageCompanies}
      titleKey="menu.companies"
      tableKey="org.company.table"
      createHref={can(user, 'editCompany') ? '/setup/company/new' : undefined}
      canEdit
      canLock={can(user, 'lockCompany')}
      moreActions={ratesLink}
      cells={companyCells}
    />
  );
}
