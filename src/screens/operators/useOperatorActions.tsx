import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { OperatorRow } from '../../contract/operators';
import { refundPasswordResetMachine } from '../../machines/refundPasswordReset';
import {
  deleteOperators,
  refundPasswordResetActors,
  resetOperatorMfa,
  resetOperatorPassword,
  type PasswordResetKind,
} from '../../services/operators';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SecretRevealDialog } from '../../components/SecretRevealDialog';

/** The refund password's reset runs on its machine (confirm → resetting → shown once / failed). */
const refundReset = refundPasswordResetMachine.provide({ actors: refundPasswordResetActors });

type Pending =
  | { kind: 'delete'; ids: number[] }
  | { kind: 'reset'; which: PasswordResetKind; operator: OperatorRow }
  | { kind: 'mfa'; operator: OperatorRow };

/**
 * Delete of the ticked rows (none ticked: 'Select data', spec point 5) and an administrator's
 * reset of a login or refund password; each after a confirmation, the new password shown once.
 */
export function useOperatorActions(onChanged: () => void) {
  const t = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<{ title: string; password: string } | null>(null);
  const [reset, sendReset, resetActor] = useMachine(refundReset);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    const done = resetActor.on('reset', () => changed.current());
    return () => done.unsubscribe();
  }, [resetActor]);

  const askDelete = (ids: number[]) => {
    if (ids.length === 0) showError(t('common.selectData'));
    else setPending({ kind: 'delete', ids });
  };
  const askReset = (operator: OperatorRow, which: PasswordResetKind) =>
    which === 'refund'
      ? sendReset({
          type: 'ASK',
          account: { id: operator.id, loginId: operator.loginId, userName: operator.userName },
        })
      : setPending({ kind: 'reset', which, operator });
  /** An administrator's MFA reset (lost authenticator), audited by the server. */
  const askMfaReset = (operator: OperatorRow) => setPending({ kind: 'mfa', operator });

  const resetTitle = (which: PasswordResetKind) =>
    t(which === 'login' ? 'org.actions.resetPassword' : 'org.actions.resetRefundPassword');

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'delete') {
        await deleteOperators(pending.ids);
        showSuccess(t('operators.deleted', { count: pending.ids.length }));
        setPending(null);
        onChanged();
      } else if (pending.kind === 'mfa') {
        await resetOperatorMfa(pending.operator.id);
        showSuccess(t('mfa.resetDone', { name: pending.operator.loginId }));
        setPending(null);
        onChanged();
      } else {
        const reply = await resetOperatorPassword(pending.operator.id, pending.which);
        setPending(null);
        setRevealed({
          title: `${resetTitle(pending.which)}: ${pending.operator.loginId}`,
          password: reply.password,
        });
        onChanged();
      }
    } catch {
      // The client has shown the reason.
    } finally {
      setBusy(false);
    }
  };

  const account = reset.context.account;
  const shownReset =
    reset.matches('shown') && account && reset.context.password
      ? { title: `${resetTitle('refund')}: ${account.loginId}`, password: reset.context.password }
      : null;
  const secret = revealed ?? shownReset;
  const dialogs = (
    <>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'reset'
            ? resetTitle(pending.which)
            : pending?.kind === 'mfa'
              ? t('mfa.reset')
              : t('org.actions.delete')
        }
        body={
          pending?.kind === 'delete'
            ? t('org.actions.confirmDelete', { count: pending.ids.length })
            : pending?.kind === 'mfa'
              ? t('mfa.resetConfirm', { name: `${pending.operator.userName} (${pending.operator.loginId})` })
              : pending
                ? t('operators.confirmReset', {
                    name: `${pending.operator.userName} (${pending.operator.loginId})`,
                  })
                : ''
        }
        confirmLabel={
          pending?.kind === 'delete'
            ? t('org.actions.delete')
            : pending?.kind === 'mfa'
              ? t('mfa.reset')
              : undefined
        }
        tone="danger"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => !busy && setPending(null)}
      />
      <ConfirmDialog
        open={reset.matches('confirming') || reset.matches('resetting') || reset.matches('failed')}
        title={resetTitle('refund')}
        body={
          account ? t('operators.confirmReset', { name: `${account.userName} (${account.loginId})` }) : ''
        }
        tone="danger"
        busy={reset.hasTag('busy')}
        onConfirm={() => sendReset({ type: 'CONFIRM' })}
        onCancel={() => sendReset({ type: 'CANCEL' })}
      />
      <SecretRevealDialog
        open={secret !== null}
        title={secret?.title ?? ''}
        secrets={secret ? [{ label: t('org.secrets.newPassword'), value: secret.password }] : []}
        note={t('operators.mustChange')}
        onClose={() => (shownReset ? sendReset({ type: 'DISMISS' }) : setRevealed(null))}
      />
    </>
  );
  /** A new account's first password, shown once like a reset one. */
  const reveal = (loginId: string, password: string) =>
    setRevealed({ title: t('operators.initialPassword', { loginId }), password });

  return { askDelete, askReset, askMfaReset, reveal, dialogs };
}
