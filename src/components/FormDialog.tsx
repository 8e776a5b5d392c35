import type { FormEventHandler, ReactNode } from 'react';
import { Button, Dialog, Stack } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import { DialogShell } from './DialogFrame';
import { FailureAlert } from './FailureAlert';

/** A create/edit form in a dialog (its body scrolls), the failure above the fields. */
export function FormDialog({
  open,
  title,
  failure,
  busy,
  onSubmit,
  onClose,
  size = 'lg',
  children,
}: {
  open: boolean;
  title: string;
  failure?: string | null;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  const t = useT();
  return (
    <DialogShell open={open} size={size} onDismiss={() => !busy && onClose()}>
      <Dialog.Content asChild mx={{ base: '2', sm: '4' }}>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={title}
          style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              <FailureAlert text={failure} />
              {children}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </DialogShell>
  );
}
