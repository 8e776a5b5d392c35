import type { ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useT } from '../app/i18n';

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
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      size={{ base: 'xs', sm: 'sm' }}
      scrollBehavior="inside"
      closeOnEscape={dismissable && !busy}
      closeOnInteractOutside={dismissable && !busy}
      onOpenChange={(e) => !e.open && onCancel()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
              <Button colorPalette={tone === 'danger' ? 'red' : 'blue'} onClick={onConfirm} loading={busy}>
                {confirmLabel ?? t('common.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
