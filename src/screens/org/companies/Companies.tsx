import { useMemo } from 'react';
import { Button } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { CompanyRow } from '../../../contract/org';
import { pageCompanies } from '../../../services/org';
import { useT } from '../../../app/i18n';
import type { Column } from '../../../components/DataTable';
import { useOrgRights } from '../../shared/permissions';
import { RowActions } from '../../shared/RowActions';
import { orgOptions } from '../../shared/options';
import { useAgentOptions, useProviderOptions } from '../../shared/useOrgOptions';
import { statusAndCreatedColumns } from '../../shared/columns';
import { OrgListPage, orgFilters, orgNameColumns, useOrgList } from '../../shared/OrgList';

/** /setup/company: companies in scope, filters name / provider / agency / status; a row opens its page. */
export default function Companies() {
  const t = useT();
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const providers = useProviderOptions();
  const agents = useAgentOptions();
  const org = useOrgList<CompanyRow>({
    kind: 'company',
    fetchPage: pageCompanies,
    defaults: () => ({ name: '', serviceProviderId: '', agentId: '', status: '' }),
  });
  const { toggle } = org;

  const filters = orgFilters(t, {
    providers: rights.level === 'system' ? orgOptions(t, providers.data) : null,
    between:
      rights.level !== 'agent'
        ? [
            {
              kind: 'select',
              name: 'agentId',
              label: t('fields.agentId'),
              options: orgOptions(t, agents.data),
            },
          ]
        : [],
  });

  const columns = useMemo<Column<CompanyRow>[]>(
    () => [
      { key: 'id', header: 'ID', sortField: 'id', nowrap: true, cell: (r) => r.id },
      ...orgNameColumns<CompanyRow>(t, 'company', true),
      { key: 'agentName', header: t('fields.agentId'), minW: '10rem', cell: (r) => r.agentName ?? '—' },
      { key: 'mid', header: t('fields.mid'), nowrap: true, cell: (r) => r.mid || '—' },
      { key: 'branchCount', header: t('org.branchCount'), align: 'end', cell: (r) => r.branchCount },
      ...statusAndCreatedColumns<CompanyRow>(t),
      {
        key: 'actions',
        header: t('common.actions'),
        cell: (r) => (
          <RowActions
            name={r.name}
            status={r.status}
            onEdit={() => navigate(`/setup/company/${r.id}`)}
            onToggle={rights.lockCompany ? () => toggle.ask(r) : undefined}
          >
            {rights.editCommission && (
              <Button size="xs" variant="ghost" asChild>
                <Link href={`/setup/commissonRate?companyId=${r.id}`}>{t('orgScreens.company.rates')}</Link>
              </Button>
            )}
          </RowActions>
        ),
      },
    ],
    [t, rights, toggle, navigate],
  );

  return (
    <OrgListPage
      title={t('menu.companies')}
      tableLabel={t('orgScreens.company.table')}
      createHref={rights.editCompany ? '/setup/company/new' : undefined}
      filters={filters}
      columns={columns}
      org={org}
    />
  );
}
