import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import type { OperatorRow } from '../../contract/operators';
import { manageableRolesOf, roleNameKey } from '../../contract/roles';
import { branchTree } from '../../services/org';
import { pageOperators, setOperatorStatus } from '../../services/operators';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import { DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { PlusIcon, TrashIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { orgOptions, statusOptions } from '../shared/options';
import { useAgentOptions, useCompanyOptions, useProviderOptions } from '../shared/useOrgOptions';
import { useListScreen } from '../../lists/useListScreen';
import { useStatusToggle } from '../shared/useStatusToggle';
import { OperatorDialog } from './OperatorDialog';
import { operatorColumns } from './operatorColumns';
import { useOperatorActions } from './useOperatorActions';

/** /setup/operate: accounts in scope; admins manage roles below their own. */
export default function Operators() {
  const t = useT();
  const user = useSessionUser();
  const roles = useMemo(() => (user ? manageableRolesOf(user.operatorType) : []), [user]);
  const providers = useProviderOptions();
  const companies = useCompanyOptions();
  const agents = useAgentOptions();
  const tree = useLoad(branchTree, []);
  const list = useListScreen<OperatorRow>({
    fetchPage: pageOperators,
    defaults: () => ({ loginId: '', userName: '', operatorType: '', status: '', companyId: '' }),
  });
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [editing, setEditing] = useState<OperatorRow | 'new' | null>(null);
  const changed = () => {
    setSelected(new Set());
    list.reload();
  };
  const toggle = useStatusToggle({
    change: (id, lock) => setOperatorStatus(id, lock),
    lockNote: t('orgScreens.lock.noteOperator'),
    onDone: changed,
  });
  const actions = useOperatorActions(changed);

  const manageable = useMemo(
    () => (r: OperatorRow) => r.id !== user?.operatorId && roles.includes(r.operatorType),
    [roles, user],
  );
  const columns = useMemo(
    () =>
      operatorColumns(t, {
        manageable,
        edit: (r) => setEditing(r),
        toggle: (r) => toggle.ask({ id: r.id, name: `${r.userName} (${r.loginId})`, status: r.status }),
        resetLogin: (r) => actions.askReset(r, 'login'),
        resetRefund: (r) => actions.askReset(r, 'refund'),
        resetMfa: (r) => actions.askMfaReset(r),
      }),
    [t, manageable, toggle, actions],
  );
  const canManage = roles.length > 0;

  return (
    <>
      <PageHeader
        title={t('menu.operators')}
        actions={
          canManage && (
            <>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => actions.askDelete([...selected].map(Number))}
              >
                <TrashIcon />
                {t('org.actions.delete')}
                {selected.size > 0 ? ` (${selected.size})` : ''}
              </Button>
              <Button size="sm" onClick={() => setEditing('new')}>
                <PlusIcon />
                {t('org.actions.create')}
              </Button>
            </>
          )
        }
      />
      <FilterBar
        key={list.filterKey}
        {...list.filterBar}
        fields={[
          { kind: 'text', name: 'loginId', label: t('fields.loginId') },
          { kind: 'text', name: 'userName', label: t('fields.userName') },
          {
            kind: 'select',
            name: 'operatorType',
            label: t('fields.operatorType'),
            options: [...(user ? [user.operatorType] : []), ...roles].map((r) => ({
              value: String(r),
              label: t(roleNameKey(r)),
            })),
          },
          { kind: 'select', name: 'status', label: t('fields.status'), options: statusOptions(t) },
          ...((companies.data?.length ?? 0) > 1
            ? [
                {
                  kind: 'select' as const,
                  name: 'companyId',
                  label: t('fields.companyId'),
                  options: orgOptions(t, companies.data),
                },
              ]
            : []),
        ]}
      />
      <DataTable
        label={t('orgScreens.operator.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
        selection={
          canManage
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (r) => t('orgScreens.selectRow', { name: r.loginId }),
              }
            : undefined
        }
      />
      {list.pager}
      {editing && providers.data && companies.data && agents.data && tree.data && (
        <OperatorDialog
          operator={editing === 'new' ? null : editing}
          roles={roles}
          pickers={{
            providers: providers.data,
            companies: companies.data,
            agents: agents.data,
            tree: tree.data,
          }}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            changed();
            if (saved.initialPassword) actions.reveal(saved.operator.loginId, saved.initialPassword);
          }}
        />
      )}
      {toggle.dialog}
      {actions.dialogs}
    </>
  );
}
