import { useState } from 'react';
import type { OperatorRow } from '../../contract/operators';
import {
  deleteOperators,
  resetOperatorMfa,
  resetOperatorPassword,
  type PasswordResetKind,
} from '../../services/operators';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SecretRevealDialog } from '../../components/SecretRevealDialog';

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

  const askDelete = (ids: number[]) => {
    if (ids.length === 0) showError(t('common.selectData'));
    else setPending({ kind: 'delete', ids });
  };
  const askReset = (operator: OperatorRow, which: PasswordResetKind) =>
    setPending({ kind: 'reset', which, operator });
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
        showSuccess(t('orgScreens.operator.deleted', { count: pending.ids.length }));
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
                ? t('orgScreens.operator.confirmReset', {
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
      <SecretRevealDialog
        open={revealed !== null}
        title={revealed?.title ?? ''}
        secrets={revealed ? [{ label: t('org.secrets.newPassword'), value: revealed.password }] : []}
        note={t('orgScreens.operator.mustChange')}
        onClose={() => setRevealed(null)}
      />
    </>
  );
  /** A new account's first password, shown once like a reset one. */
  const reveal = (loginId: string, password: string) =>
    setRevealed({ title: t('orgScreens.operator.initialPassword', { loginId }), password });

  return { askDelete, askReset, askMfaReset, reveal, dialogs };
}
