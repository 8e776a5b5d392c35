import { useMemo } from 'react';
import { Button, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { AgentRow } from '../../../contract/org';
import { pageAgents, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar, type FilterField } from '../../../components/FilterBar';
import { PlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { useOrgRights } from '../shared/permissions';
import { RowActions } from '../shared/RowActions';
import { orgOptions, statusOptions } from '../shared/options';
import { useProviderOptions } from '../shared/useOrgOptions';
import { useListScreen } from '../../../lists/useListScreen';
import { useStatusToggle } from '../shared/useStatusToggle';
import { statusAndCreatedColumns } from '../shared/columns';

/** /setup/agent: agencies in scope; a row opens its page with every agency field. */
export default function Agencies() {
  const t = useT();
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const providers = useProviderOptions();
  const list = useListScreen<AgentRow>({
    fetchPage: pageAgents,
    defaults: () => ({ name: '', serviceProviderId: '', status: '' }),
  });
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('agent', id, lock),
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
    { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
  ];

  const columns = useMemo<Column<AgentRow>[]>(
    () => [
      {
        key: 'agentNo',
        header: t('fields.agentNo'),
        sortField: 'agentNo',
        nowrap: true,
        cell: (r) => r.agentNo,
      },
      {
        key: 'name',
        header: t('fields.name'),
        sortField: 'name',
        minW: '12rem',
        cell: (r) => (
          <ChakraLink asChild fontWeight="medium" color="blue.600">
            <Link href={`/setup/agent/${r.id}`}>{r.name}</Link>
          </ChakraLink>
        ),
      },
      { key: 'nameEn', header: t('fields.nameEn'), minW: '8rem', cell: (r) => r.nameEn || '—' },
      {
        key: 'serviceProviderName',
        header: t('fields.serviceProviderId'),
        minW: '10rem',
        cell: (r) => r.serviceProviderName,
      },
      { key: 'phone', header: t('fields.phone'), nowrap: true, cell: (r) => r.phone || '—' },
      {
        key: 'settlementPeriod',
        header: t('fields.settlementPeriod'),
        nowrap: true,
        cell: (r) => r.settlementPeriod,
      },
      { key: 'companyCount', header: t('org.companyCount'), align: 'end', cell: (r) => r.companyCount },
      ...statusAndCreatedColumns<AgentRow>(t),
      {
        key: 'actions',
        header: t('common.actions'),
        cell: (r) => (
          <RowActions
            name={r.name}
            status={r.status}
            onEdit={rights.editAgent ? () => navigate(`/setup/agent/${r.id}`) : undefined}
            onToggle={rights.editAgent ? () => toggle.ask(r) : undefined}
          />
        ),
      },
    ],
    [t, rights, toggle, navigate],
  );

  return (
    <>
      <PageHeader
        title={t('menu.agencies')}
        actions={
          rights.editAgent && (
            <Button size="sm" asChild>
              <Link href="/setup/agent/new">
                <PlusIcon />
                {t('org.actions.create')}
              </Link>
            </Button>
          )
        }
      />
      <FilterBar key={list.filterKey} {...list.filterBar} fields={filters} />
      <DataTable
        label={t('orgScreens.agency.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
      />
      {list.pager}
      {toggle.dialog}
    </>
  );
}
