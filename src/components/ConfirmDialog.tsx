import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import { DialogFrame } from './DialogFrame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red (deleting, logging out). */
  tone?: 'default' | 'danger';
  /** The confirmed action runs: the confirm button spins, nothing can be pressed twice. */
  busy?: boolean;
  /** false: Escape and clicks outside do not close it (a choice is required). */
  dismissable?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation (role="alertdialog") whose open state comes from a machine state. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  busy = false,
  dismissable = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      title={title}
      size={{ base: 'xs', sm: 'sm' }}
      alert
      dismissable={dismissable && !busy}
      onDismiss={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button colorPalette={tone === 'danger' ? 'red' : 'blue'} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {body}
    </DialogFrame>
  );
}
