import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import type { OperatorRow } from '../../contract/operators';
import { OPERATOR_LIST } from '../../contract/lists/operators';
import { canManageRole } from '../../contract/capabilities';
import { manageableRolesOf, roleNameKey } from '../../contract/roles';
import { branchTree } from '../../services/org';
import { pageOperators, setOperatorStatus } from '../../services/operators';
import { useT } from '../../app/i18n';
import type { Translate } from '../../i18n/translator';
import { useSessionUser } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import { TrashIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ListBody } from '../../lists/ListBody';
import { useListOf } from '../../lists/useListScreen';
import { CreateButton } from '../shared/CreateButton';
import { orgOptions } from '../shared/options';
import { useAgentOptions, useCompanyOptions, useProviderOptions } from '../shared/useOrgOptions';
import { useStatusToggle } from '../shared/useStatusToggle';
import { OperatorDialog } from './OperatorDialog';
import { operatorCells } from './operatorCells';
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
  const list = useListOf<OperatorRow>(OPERATOR_LIST, pageOperators);
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [editing, setEditing] = useState<OperatorRow | 'new' | null>(null);
  const changed = () => {
    setSelected(new Set());
    list.reload();
  };
  const toggle = useStatusToggle({
    change: (id, lock) => setOperatorStatus(id, lock),
    lockNote: t('org.lock.noteOperator'),
    onDone: changed,
  });
  const actions = useOperatorActions(changed);

  const manageable = useMemo(
    () => (r: OperatorRow) => r.id !== user?.operatorId && canManageRole(user, r.operatorType),
    [user],
  );
  const cells = useMemo(
    () => (tr: Translate) =>
      operatorCells(tr, {
        manageable,
        edit: (r) => setEditing(r),
        toggle: (r) => toggle.ask({ id: r.id, name: `${r.userName} (${r.loginId})`, status: r.status }),
        resetLogin: (r) => actions.askReset(r, 'login'),
        resetRefund: (r) => actions.askReset(r, 'refund'),
        resetMfa: (r) => actions.askMfaReset(r),
      }),
    [manageable, toggle, actions],
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
              <CreateButton onClick={() => setEditing('new')} />
            </>
          )
        }
      />
      <ListBody
        list={OPERATOR_LIST}
        screen={list}
        tableKey="operators.table"
        cells={cells}
        options={{
          // The caller's own role and those it manages; the company where the scope holds several.
          operatorType: [...(user ? [user.operatorType] : []), ...roles].map((r) => ({
            value: String(r),
            label: t(roleNameKey(r)),
          })),
          ...((companies.data?.length ?? 0) > 1 ? { companyId: orgOptions(t, companies.data) } : {}),
        }}
        selection={
          canManage
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (r) => t('common.selectRow', { name: r.loginId }),
              }
            : undefined
        }
      />
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
