import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

/**
 * The frame of a guided workflow's dialog (a refund, an approval): always open while its
 * machine runs, closed by Escape or the close button only while nothing is in flight, never by
 * a click outside; the title follows the machine's step and the steps render themselves below.
 */
export function StepDialog({
  label,
  title,
  busy,
  onClose,
  children,
}: {
  label: string;
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open
      placement="center"
      size="md"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(e) => !e.open && !busy && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            aria-label={label}
            mx={{ base: '2', sm: '4' }}
            // A step that is a form around its body and footer passes the scrolling body on.
            css={{ '& > form': { display: 'flex', flexDirection: 'column', flex: '1', minHeight: 0 } }}
          >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
