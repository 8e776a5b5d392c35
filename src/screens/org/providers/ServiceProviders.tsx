import { useMemo, useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import type { ProviderRow } from '../../../contract/org';
import { pageProviders, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar } from '../../../components/FilterBar';
import { PlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { useOrgRights } from '../../shared/permissions';
import { RowActions } from '../../shared/RowActions';
import { statusOptions } from '../../shared/options';
import { useListScreen } from '../../../lists/useListScreen';
import { useStatusToggle } from '../../shared/useStatusToggle';
import { ProviderDialog } from './ProviderDialog';
import { statusAndCreatedColumns } from '../../shared/columns';

/** /setup/mechanism: service providers — list, create/edit in a dialog, lock/unlock. */
export default function ServiceProviders() {
  const t = useT();
  const rights = useOrgRights();
  const list = useListScreen<ProviderRow>({
    fetchPage: pageProviders,
    defaults: () => ({ name: '', status: '' }),
  });
  const [editing, setEditing] = useState<ProviderRow | 'new' | null>(null);
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('serviceProvider', id, lock),
    lockNote: t('orgScreens.lock.noteOrg'),
    onDone: list.reload,
  });

  const columns = useMemo<Column<ProviderRow>[]>(
    () => [
      { key: 'id', header: 'ID', sortField: 'id', nowrap: true, cell: (r) => r.id },
      {
        key: 'name',
        header: t('fields.name'),
        sortField: 'name',
        minW: '12rem',
        cell: (r) => <Text fontWeight="medium">{r.name}</Text>,
      },
      {
        key: 'contactName',
        header: t('fields.contactName'),
        minW: '8rem',
        cell: (r) => r.contactName || '—',
      },
      { key: 'phone', header: t('fields.phone'), nowrap: true, cell: (r) => r.phone || '—' },
      { key: 'contactEmail', header: t('fields.contactEmail'), cell: (r) => r.contactEmail || '—' },
      { key: 'companyCount', header: t('org.companyCount'), align: 'end', cell: (r) => r.companyCount },
      { key: 'agentCount', header: t('org.agentCount'), align: 'end', cell: (r) => r.agentCount },
      ...statusAndCreatedColumns<ProviderRow>(t),
      {
        key: 'actions',
        header: t('common.actions'),
        cell: (r) => (
          <RowActions
            name={r.name}
            status={r.status}
            onEdit={rights.editProvider ? () => setEditing(r) : undefined}
            onToggle={rights.lockProvider ? () => toggle.ask(r) : undefined}
          />
        ),
      },
    ],
    [t, rights, toggle],
  );

  return (
    <>
      <PageHeader
        title={t('menu.serviceProviders')}
        actions={
          rights.createProvider && (
            <Button size="sm" onClick={() => setEditing('new')}>
              <PlusIcon />
              {t('org.actions.create')}
            </Button>
          )
        }
      />
      <FilterBar
        key={list.filterKey}
        {...list.filterBar}
        fields={[
          { kind: 'text', name: 'name', label: t('fields.name') },
          { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
        ]}
      />
      <DataTable
        label={t('orgScreens.provider.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
      />
      {list.pager}
      {editing && (
        <ProviderDialog
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {toggle.dialog}
    </>
  );
}
