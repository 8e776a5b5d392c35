import { IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import type { OperatorRow } from '../../contract/operators';
import { roleNameKey } from '../../contract/roles';
import type { Column } from '../../components/DataTable';
import { KeyIcon } from '../../components/icons';
import type { Translate } from '../../i18n';
import { RowActions } from '../shared/RowActions';
import { statusAndCreatedColumns } from '../shared/columns';

/** The organisation an account belongs to, as one line. */
const orgOf = (r: OperatorRow) =>
  [r.serviceProviderName, r.agentName, r.companyName, r.branchUnitName].filter(Boolean).join(' / ') || '—';

export function operatorColumns(
  t: Translate,
  actions: {
    manageable: (r: OperatorRow) => boolean;
    edit: (r: OperatorRow) => void;
    toggle: (r: OperatorRow) => void;
    resetLogin: (r: OperatorRow) => void;
    resetRefund: (r: OperatorRow) => void;
    resetMfa: (r: OperatorRow) => void;
  },
): Column<OperatorRow>[] {
  return [
    {
      key: 'loginId',
      header: t('fields.loginId'),
      sortField: 'loginId',
      nowrap: true,
      cell: (r) => r.loginId,
    },
    {
      key: 'userName',
      header: t('fields.userName'),
      sortField: 'userName',
      minW: '8rem',
      cell: (r) => <Text fontWeight="medium">{r.userName}</Text>,
    },
    {
      key: 'operatorType',
      header: t('fields.operatorType'),
      sortField: 'operatorType',
      minW: '9rem',
      cell: (r) => t(roleNameKey(r.operatorType)),
    },
    { key: 'org', header: t('orgScreens.operator.organisation'), minW: '12rem', cell: orgOf },
    { key: 'email', header: t('fields.email'), cell: (r) => r.email },
    { key: 'mobile', header: t('fields.mobile'), nowrap: true, cell: (r) => r.mobile || '—' },
    ...statusAndCreatedColumns<OperatorRow>(t),
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (r) =>
        actions.manageable(r) ? (
          <RowActions
            name={r.loginId}
            status={r.status}
            onEdit={() => actions.edit(r)}
            onToggle={() => actions.toggle(r)}
          >
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`${t('orgScreens.operator.passwords')}: ${r.loginId}`}
                >
                  <KeyIcon />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="login" onClick={() => actions.resetLogin(r)}>
                      {t('org.actions.resetPassword')}
                    </Menu.Item>
                    <Menu.Item value="refund" onClick={() => actions.resetRefund(r)}>
                      {t('org.actions.resetRefundPassword')}
                    </Menu.Item>
                    <Menu.Item value="mfa" onClick={() => actions.resetMfa(r)}>
                      {t('mfa.reset')}
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </RowActions>
        ) : null,
    },
  ];
}
