import { useMemo, useState } from 'react';
import { Box, Button, Grid, Text } from '@chakra-ui/react';
import type { BranchRow } from '../../../contract/org';
import { branchTree, pageBranches, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { useLoad } from '../../../app/useLoad';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar } from '../../../components/FilterBar';
import { PlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { useOrgRights } from '../../shared/permissions';
import { RowActions } from '../../shared/RowActions';
import { statusOptions } from '../../shared/options';
import { useListScreen } from '../../../lists/useListScreen';
import { useStatusToggle } from '../../shared/useStatusToggle';
import { BranchDialog } from './BranchDialog';
import { BranchTree } from './BranchTree';
import { statusAndCreatedColumns } from '../../shared/columns';

/** /setup/branch: the company → branches tree beside the branch list (stacked on phones). */
export default function Branches() {
  const t = useT();
  const rights = useOrgRights();
  const tree = useLoad(branchTree, []);
  const list = useListScreen<BranchRow>({
    fetchPage: pageBranches,
    defaults: () => ({ companyId: '', name: '', status: '' }),
  });
  const [editing, setEditing] = useState<BranchRow | 'new' | null>(null);
  const afterChange = () => {
    list.reload();
    tree.reload();
  };
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('branchUnit', id, lock),
    lockNote: t('orgScreens.lock.noteBranch'),
    onDone: afterChange,
  });

  const columns = useMemo<Column<BranchRow>[]>(
    () => [
      { key: 'id', header: 'ID', sortField: 'id', nowrap: true, cell: (r) => r.id },
      {
        key: 'name',
        header: t('fields.name'),
        sortField: 'name',
        minW: '9rem',
        cell: (r) => <Text fontWeight="medium">{r.name}</Text>,
      },
      { key: 'code', header: t('fields.code'), nowrap: true, cell: (r) => r.code || '—' },
      {
        key: 'companyName',
        header: t('fields.companyId'),
        sortField: 'companyName',
        minW: '10rem',
        cell: (r) => r.companyName,
      },
      { key: 'phone', header: t('fields.phone'), nowrap: true, cell: (r) => r.phone || '—' },
      {
        key: 'contactName',
        header: t('fields.contactName'),
        minW: '7rem',
        cell: (r) => r.contactName || '—',
      },
      ...statusAndCreatedColumns<BranchRow>(t),
      ...(rights.editBranch
        ? [
            {
              key: 'actions',
              header: t('common.actions'),
              cell: (r: BranchRow) => (
                <RowActions
                  name={r.name}
                  status={r.status}
                  onEdit={() => setEditing(r)}
                  onToggle={() => toggle.ask(r)}
                />
              ),
            },
          ]
        : []),
    ],
    [t, rights, toggle],
  );

  const companyId = list.filters.companyId ?? '';
  return (
    <>
      <PageHeader
        title={t('menu.branches')}
        actions={
          rights.editBranch && (
            <Button size="sm" onClick={() => setEditing('new')}>
              <PlusIcon />
              {t('org.actions.create')}
            </Button>
          )
        }
      />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' }}
        gap="4"
        alignItems="start"
      >
        <BranchTree
          tree={tree.data ?? []}
          loading={tree.status === 'loading' && !tree.data}
          selectedCompanyId={companyId}
          onSelect={(id) => list.filterBar.onSearch({ ...list.filters, companyId: id })}
        />
        <Box minW="0">
          <FilterBar
            key={list.filterKey}
            {...list.filterBar}
            onSearch={(f) => list.filterBar.onSearch({ ...f, companyId })}
            fields={[
              { kind: 'text', name: 'name', label: t('fields.name') },
              { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
            ]}
          />
          <DataTable
            label={t('orgScreens.branch.table')}
            columns={columns}
            rowKey={(r) => r.id}
            {...list.table}
          />
          {list.pager}
        </Box>
      </Grid>
      {editing && (
        <BranchDialog
          branch={editing === 'new' ? null : editing}
          companies={tree.data ?? []}
          companyId={companyId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            afterChange();
          }}
        />
      )}
      {toggle.dialog}
    </>
  );
}
