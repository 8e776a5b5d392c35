import { useState } from 'react';
import type { Status } from '../../contract/fields';
import { useT } from '../../app/i18n';
import { showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface Target {
  id: number;
  name: string;
  status: Status;
}

/**
 * Lock or unlock one row after a confirmation. `lockNote` says what locking does to this
 * kind of object (its accounts cannot log in, the device cannot pay). The client toasts a
 * refusal; success toasts here and reloads the list.
 */
export function useStatusToggle({
  change,
  lockNote,
  onDone,
}: {
  change: (id: number, lock: boolean) => Promise<unknown>;
  lockNote: string;
  onDone: () => void;
}) {
  const t = useT();
  const [target, setTarget] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);
  const locking = target?.status === 'active';

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await change(target.id, locking);
      showSuccess(t(locking ? 'org.lock.locked' : 'org.lock.unlocked', { name: target.name }));
      setTarget(null);
      onDone();
    } catch {
      // The client has shown the reason; the dialog stays for another try or a cancel.
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={t(locking ? 'org.actions.lock' : 'org.actions.unlock')}
      body={
        target
          ? `${t(locking ? 'org.lock.confirmLock' : 'org.lock.confirmUnlock', { name: target.name })}${
              locking ? ` ${lockNote}` : ''
            }`
          : ''
      }
      confirmLabel={t(locking ? 'org.actions.lock' : 'org.actions.unlock')}
      tone={locking ? 'danger' : 'default'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => !busy && setTarget(null)}
    />
  );
  return { ask: (row: Target) => setTarget(row), dialog };
}
