import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useT } from '../i18n';
import { useSession, useSessionSend } from '../session';

/** Dialogs the session machine's states show: logout confirmation and idle warning. */
export function SessionDialogs() {
  const t = useT();
  const send = useSessionSend();
  const confirmingLogout = useSession((s) => s.matches({ authenticated: 'confirmingLogout' }));
  const idle = useSession(
    (s) => s.matches({ authenticated: 'idleWarning' }) || s.matches({ authenticated: 'keepingAlive' }),
  );
  const keepingAlive = useSession((s) => s.matches({ authenticated: 'keepingAlive' }));

  return (
    <>
      <ConfirmDialog
        open={confirmingLogout}
        title={t('shell.logoutTitle')}
        body={t('shell.logoutBody')}
        confirmLabel={t('shell.logout')}
        tone="danger"
        onConfirm={() => send({ type: 'LOGOUT_CONFIRM' })}
        onCancel={() => send({ type: 'LOGOUT_CANCEL' })}
      />
      <ConfirmDialog
        open={idle}
        title={t('shell.idleTitle')}
        body={t('shell.idleBody')}
        confirmLabel={t('shell.staySignedIn')}
        cancelLabel={t('shell.logout')}
        busy={keepingAlive}
        onConfirm={() => send({ type: 'STAY_SIGNED_IN' })}
        onCancel={() => send({ type: 'LOGOUT_CONFIRM' })}
        dismissable={false}
      />
    </>
  );
}
