import { useMemo } from 'react';
import { Button } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { CompanyRow } from '../../../contract/org';
import { COMPANY_LIST } from '../../../contract/lists/org';
import { pageCompanies } from '../../../services/org';
import { useT } from '../../../app/i18n';
import type { Cells } from '../../../lists/columns';
import type { ColumnKey } from '../../../lists/ListBody';
import { useOrgRights } from '../../shared/permissions';
import { RowActions } from '../../shared/RowActions';
import { OrgListPage, orgCells, useOrgList } from '../../shared/OrgList';

/** /setup/company: companies in scope, filters name / provider / agency / status; a row opens its page. */
export default function Companies() {
  const t = useT();
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const org = useOrgList<CompanyRow>({ kind: 'company', list: COMPANY_LIST, fetchPage: pageCompanies });
  const { toggle } = org;

  const cells = useMemo(
    () => (): Cells<ColumnKey<typeof COMPANY_LIST>, CompanyRow> => ({
      id: (r) => r.id,
      ...orgCells<CompanyRow>('company'),
      agentName: (r) => r.agentName ?? '—',
      mid: (r) => r.mid || '—',
      branchCount: (r) => r.branchCount,
      actions: (r) => (
        <RowActions
          name={r.name}
          status={r.status}
          onEdit={() => navigate(`/setup/company/${r.id}`)}
          onToggle={rights.lockCompany ? () => toggle.ask(r) : undefined}
        >
          {rights.editCommission && (
            <Button size="xs" variant="ghost" asChild>
              <Link href={`/setup/commissonRate?companyId=${r.id}`}>{t('org.company.rates')}</Link>
            </Button>
          )}
        </RowActions>
      ),
    }),
    [t, rights, toggle, navigate],
  );

  return (
    <OrgListPage
      list={COMPANY_LIST}
      titleKey="menu.companies"
      tableKey="org.company.table"
      createHref={rights.editCompany ? '/setup/company/new' : undefined}
      cells={cells}
      org={org}
    />
  );
}
