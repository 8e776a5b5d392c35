import type { ReactNode } from 'react';
import { Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';

/**
 * What every dialog of the console stands on: centred on its backdrop, its body scrolling
 * inside. `onDismiss`: Escape (unless `closeOnEscape` is false) or, where `closeOnInteractOutside`,
 * a click outside asks to close; the caller decides whether it may (not while busy).
 */
export function DialogShell({
  open,
  size,
  alert = false,
  closeOnEscape = true,
  closeOnInteractOutside = false,
  onDismiss,
  children,
}: {
  open: boolean;
  size: DialogRootProps['size'];
  /** role="alertdialog": a confirmation, secrets shown once. */
  alert?: boolean;
  closeOnEscape?: boolean;
  closeOnInteractOutside?: boolean;
  onDismiss: () => void;
  /** The dialog's content (Dialog.Content). */
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      {...(alert ? { role: 'alertdialog' as const } : {})}
      placement="center"
      size={size}
      scrollBehavior="inside"
      closeOnEscape={closeOnEscape}
      closeOnInteractOutside={closeOnInteractOutside}
      onOpenChange={(e) => !e.open && onDismiss()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{children}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A centred dialog with a title, a scrolling body and a footer of actions: a confirmation or
 * secrets shown once (`alert`: role="alertdialog"), a link's lifecycle. Never closed by a click
 * outside unless `dismissable`; Escape closes it unless `dismissable` is false.
 */
export function DialogFrame({
  open,
  title,
  size,
  alert = false,
  dismissable,
  label,
  onDismiss,
  footer,
  children,
}: {
  open: boolean;
  title: string;
  size: DialogRootProps['size'];
  alert?: boolean;
  /** true: Escape and a click outside close it; false: neither; unset: Escape only. */
  dismissable?: boolean;
  /** The dialog's accessible name when it differs from its title's text. */
  label?: string;
  onDismiss: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogShell
      open={open}
      size={size}
      alert={alert}
      closeOnEscape={dismissable !== false}
      closeOnInteractOutside={dismissable === true}
      onDismiss={onDismiss}
    >
      <Dialog.Content mx={{ base: '2', sm: '4' }} {...(label ? { 'aria-label': label } : {})}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>{footer}</Dialog.Footer>
      </Dialog.Content>
    </DialogShell>
  );
}
