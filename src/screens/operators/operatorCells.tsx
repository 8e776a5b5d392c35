import { IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import type { OperatorRow } from '../../contract/operators';
import type { OPERATOR_LIST } from '../../contract/lists/operators';
import { roleNameKey } from '../../contract/roles';
import { KeyIcon } from '../../components/icons';
import type { Translate } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import type { ColumnKey } from '../../lists/ListBody';
import { RowActions } from '../shared/RowActions';
import { statusAndCreatedCells } from '../shared/columns';

/** The organisation an account belongs to, as one line. */
const orgOf = (r: OperatorRow) =>
  [r.serviceProviderName, r.agentName, r.companyName, r.branchUnitName].filter(Boolean).join(' / ') || '—';

/** What each of the list's columns shows; the row's actions where the caller manages the account. */
export function operatorCells(
  t: Translate,
  actions: {
    manageable: (r: OperatorRow) => boolean;
    edit: (r: OperatorRow) => void;
    toggle: (r: OperatorRow) => void;
    resetLogin: (r: OperatorRow) => void;
    resetRefund: (r: OperatorRow) => void;
    resetMfa: (r: OperatorRow) => void;
  },
): Cells<ColumnKey<typeof OPERATOR_LIST>, OperatorRow> {
  return {
    loginId: (r) => r.loginId,
    userName: (r) => <Text fontWeight="medium">{r.userName}</Text>,
    operatorType: (r) => t(roleNameKey(r.operatorType)),
    org: orgOf,
    email: (r) => r.email,
    mobile: (r) => r.mobile || '—',
    ...statusAndCreatedCells<OperatorRow>(),
    actions: (r) =>
      actions.manageable(r) ? (
        <RowActions
          name={r.loginId}
          status={r.status}
          onEdit={() => actions.edit(r)}
          onToggle={() => actions.toggle(r)}
        >
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <IconButton size="xs" variant="ghost" aria-label={`${t('operators.passwords')}: ${r.loginId}`}>
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
  };
}
