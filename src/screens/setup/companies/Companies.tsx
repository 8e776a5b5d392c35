import { useMemo } from 'react';
import { Button, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { CompanyRow } from '../../../contract/org';
import { pageCompanies, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar, type FilterField } from '../../../components/FilterBar';
import { PlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { useOrgRights } from '../shared/permissions';
import { RowActions } from '../shared/RowActions';
import { orgOptions, statusOptions } from '../shared/options';
import { useAgentOptions, useProviderOptions } from '../shared/useOrgOptions';
import { useListScreen } from '../../../lists/useListScreen';
import { useStatusToggle } from '../shared/useStatusToggle';
import { statusAndCreatedColumns } from '../shared/columns';

/** /setup/company: companies in scope, filters name / provider / agency / status; a row opens its page. */
export default function Companies() {
  const t = useT();
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const providers = useProviderOptions();
  const agents = useAgentOptions();
  const list = useListScreen<CompanyRow>({
    fetchPage: pageCompanies,
    defaults: () => ({ name: '', serviceProviderId: '', agentId: '', status: '' }),
  });
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('company', id, lock),
    lockNote: t('orgScreens.lock.noteOrg'),
    onDone: list.reload,
  });

  const filters: FilterField[] = [
    { kind: 'text', name: 'name', label: t('fields.name') },
    ...(rights.level === 'system'
      ? [
          {
            kind: 'select' as const,
            name: 'serviceProviderId',
            label: t('fields.serviceProviderId'),
            options: orgOptions(t, providers.data),
          },
        ]
      : []),
    ...(rights.level !== 'agent'
      ? [
          {
            kind: 'select' as const,
            name: 'agentId',
            label: t('fields.agentId'),
            options: orgOptions(t, agents.data),
          },
        ]
      : []),
    { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
  ];

  const columns = useMemo<Column<CompanyRow>[]>(
    () => [
      { key: 'id', header: 'ID', sortField: 'id', nowrap: true, cell: (r) => r.id },
      {
        key: 'name',
        header: t('fields.name'),
        sortField: 'name',
        minW: '12rem',
        cell: (r) => (
          <ChakraLink asChild fontWeight="medium" color="blue.600">
            <Link href={`/setup/company/${r.id}`}>{r.name}</Link>
          </ChakraLink>
        ),
      },
      { key: 'nameEn', header: t('fields.nameEn'), minW: '8rem', cell: (r) => r.nameEn || '—' },
      {
        key: 'serviceProviderName',
        header: t('fields.serviceProviderId'),
        sortField: 'serviceProviderName',
        minW: '10rem',
        cell: (r) => r.serviceProviderName,
      },
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
    <>
      <PageHeader
        title={t('menu.companies')}
        actions={
          rights.editCompany && (
            <Button size="sm" asChild>
              <Link href="/setup/company/new">
                <PlusIcon />
                {t('org.actions.create')}
              </Link>
            </Button>
          )
        }
      />
      <FilterBar key={list.filterKey} {...list.filterBar} fields={filters} />
      <DataTable
        label={t('orgScreens.company.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
      />
      {list.pager}
      {toggle.dialog}
    </>
  );
}
