import type { ReactNode } from 'react';
import { Dialog } from '@chakra-ui/react';
import { DialogShell } from './DialogFrame';

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
    <DialogShell open size="md" onDismiss={() => !busy && onClose()}>
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
    </DialogShell>
  );
}
