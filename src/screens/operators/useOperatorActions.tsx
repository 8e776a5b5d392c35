import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import type { OperatorRow } from '../../contract/operators';
import { operatorActionMachine, type OperatorAction, type ShownSecret } from '../../machines/operatorAction';
import { operatorActionActors, type PasswordResetKind } from '../../services/operators';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SecretRevealDialog } from '../../components/SecretRevealDialog';

/** Delete, password and two-step verification resets run on one machine (confirm → call → shown once / failed). */
const operatorAction = operatorActionMachine.provide({ actors: operatorActionActors });

const accountOf = (operator: OperatorRow) => ({
  id: operator.id,
  loginId: operator.loginId,
  userName: operator.userName,
});

/**
 * Delete of the ticked rows (none ticked: 'Select data', spec point 5), an administrator's
 * reset of a login or refund password or of the two-step verification, each after a
 * confirmation, a new password shown once; and a new account's first password, shown the same way.
 */
export function useOperatorActions(onChanged: () => void) {
  const t = useT();
  const [state, send, actor] = useMachine(operatorAction);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const tr = useRef(t);
  tr.current = t;
  useEffect(() => {
    const done = actor.on('done', ({ action }) => {
      if (action.kind === 'delete')
        showSuccess(tr.current('operators.deleted', { count: action.ids.length }));
      if (action.kind === 'resetMfa')
        showSuccess(tr.current('mfa.resetDone', { name: action.account.loginId }));
      changed.current();
    });
    return () => done.unsubscribe();
  }, [actor]);

  const askDelete = (ids: number[]) => {
    if (ids.length === 0) showError(t('common.selectData'));
    else send({ type: 'ASK', action: { kind: 'delete', ids } });
  };
  const askReset = (operator: OperatorRow, which: PasswordResetKind) =>
    send({ type: 'ASK', action: { kind: 'resetPassword', which, account: accountOf(operator) } });
  /** An administrator's MFA reset (lost authenticator), audited by the server. */
  const askMfaReset = (operator: OperatorRow) =>
    send({ type: 'ASK', action: { kind: 'resetMfa', account: accountOf(operator) } });
  /** A new account's first password, shown once like a reset one. */
  const reveal = (loginId: string, password: string) => send({ type: 'SHOW', loginId, password });

  const resetTitle = (which: PasswordResetKind) =>
    t(which === 'login' ? 'org.actions.resetPassword' : 'org.actions.resetRefundPassword');
  const title = (action: OperatorAction) =>
    action.kind === 'delete'
      ? t('org.actions.delete')
      : action.kind === 'resetMfa'
        ? t('mfa.reset')
        : resetTitle(action.which);
  const body = (action: OperatorAction) => {
    if (action.kind === 'delete') return t('org.actions.confirmDelete', { count: action.ids.length });
    const name = `${action.account.userName} (${action.account.loginId})`;
    return action.kind === 'resetMfa'
      ? t('mfa.resetConfirm', { name })
      : t(action.which === 'login' ? 'operators.confirmReset' : 'operators.confirmResetRefund', { name });
  };
  const secretTitle = (s: ShownSecret) =>
    s.which === 'initial'
      ? t('operators.initialPassword', { loginId: s.loginId })
      : `${resetTitle(s.which)}: ${s.loginId}`;

  const { action, secret } = state.context;
  const asking = !state.matches('idle') && !state.matches('shown') && action !== null;
  const dialogs = (
    <>
      <ConfirmDialog
        open={asking}
        title={action ? title(action) : ''}
        body={action ? body(action) : ''}
        confirmLabel={
          action?.kind === 'delete'
            ? t('org.actions.delete')
            : action?.kind === 'resetMfa'
              ? t('mfa.reset')
              : undefined
        }
        tone="danger"
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
      <SecretRevealDialog
        open={state.matches('shown') && secret !== null}
        title={secret ? secretTitle(secret) : ''}
        secrets={secret ? [{ label: t('org.secrets.newPassword'), value: secret.password }] : []}
        note={t('operators.mustChange')}
        onClose={() => send({ type: 'DISMISS' })}
      />
    </>
  );

  return { askDelete, askReset, askMfaReset, reveal, dialogs };
}
