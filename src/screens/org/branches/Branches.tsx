import { useMemo, useState } from 'react';
import { Box, Grid, Text } from '@chakra-ui/react';
import type { BranchRow } from '../../../contract/org';
import { BRANCH_LIST } from '../../../contract/lists/org';
import { branchTree, pageBranches, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { useLoad } from '../../../app/useLoad';
import { PageHeader } from '../../../components/PageHeader';
import type { Cells } from '../../../lists/columns';
import { ListBody, type ColumnKey } from '../../../lists/ListBody';
import { useListOf } from '../../../lists/useListScreen';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { RowActions } from '../../shared/RowActions';
import { CreateButton } from '../../shared/CreateButton';
import { useStatusToggle } from '../../shared/useStatusToggle';
import { statusAndCreatedCells } from '../../shared/columns';
import { BranchDialog } from './BranchDialog';
import { BranchTree } from './BranchTree';

/** /setup/branch: the company → branches tree beside the branch list (stacked on phones). */
export default function Branches() {
  const t = useT();
  const user = useSessionUser();
  const tree = useLoad(branchTree, []);
  const screen = useListOf<BranchRow>(BRANCH_LIST, pageBranches);
  const [editing, setEditing] = useState<BranchRow | 'new' | null>(null);
  const afterChange = () => {
    screen.reload();
    tree.reload();
  };
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('branchUnit', id, lock),
    lockNote: t('org.lock.noteBranch'),
    onDone: afterChange,
  });

  const cells = useMemo(
    () => (): Cells<ColumnKey<typeof BRANCH_LIST>, BranchRow> => ({
      id: (r) => r.id,
      name: (r) => <Text fontWeight="medium">{r.name}</Text>,
      code: (r) => r.code || '—',
      companyName: (r) => r.companyName,
      phone: (r) => r.phone || '—',
      contactName: (r) => r.contactName || '—',
      ...statusAndCreatedCells<BranchRow>(),
      actions: (r) => (
        <RowActions
          name={r.name}
          status={r.status}
          onEdit={() => setEditing(r)}
          onToggle={() => toggle.ask(r)}
        />
      ),
    }),
    [toggle],
  );

  // The company comes from the tree (an `external` filter of the list), not from the bar.
  const companyId = screen.filters.companyId ?? '';
  return (
    <>
      <PageHeader
        title={t('menu.branches')}
        actions={can(user, 'editBranch') && <CreateButton onClick={() => setEditing('new')} />}
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
          onSelect={(id) => screen.filterBar.onSearch({ ...screen.filters, companyId: id })}
        />
        <Box minW="0">
          <ListBody
            list={BRANCH_LIST}
            screen={screen}
            tableKey="org.branch.table"
            cells={cells}
            without={can(user, 'editBranch') ? undefined : ['actions']}
          />
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
