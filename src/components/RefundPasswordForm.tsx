import { useState } from 'react';
import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useT } from '../app/i18n';

/**
 * The refund-password step of a refund dialog (the refund itself, an approval): what is about
 * to happen, the password, back and the red confirm. `onSubmit` gets the typed password.
 */
export function RefundPasswordForm({
  label,
  message,
  submitLabel,
  busy,
  onSubmit,
  onBack,
  compact = false,
}: {
  label: string;
  message: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (password: string) => void;
  onBack: () => void;
  /** No top padding: the dialog shows something above the body. */
  compact?: boolean;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (password && !busy) onSubmit(password);
      }}
    >
      <Dialog.Body pt={compact ? '0' : undefined}>
        <Stack gap="4">
          <Text fontSize="sm">{message}</Text>
          <Field.Root required>
            <Field.Label>{t('fields.refundPassword')}</Field.Label>
            <Input
              type="password"
              autoComplete="off"
              autoFocus
              value={password}
              disabled={busy}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" disabled={busy} onClick={onBack}>
          {t('common.prevStep')}
        </Button>
        <Button type="submit" colorPalette="red" loading={busy} disabled={!password}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
