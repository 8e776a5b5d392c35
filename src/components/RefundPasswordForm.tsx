import { useState } from 'react';
import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useT } from '../app/i18n';

/** What a machine's refund-password step accepts. */
export type PasswordStepEvent = { type: 'SUBMIT'; password: string } | { type: 'BACK' };

/**
 * The refund-password step of a refund dialog (the refund itself, an approval): what is about
 * to happen, the password, back and the red confirm. The typed password goes to the machine as SUBMIT.
 */
export function RefundPasswordForm({
  label,
  message,
  submitLabel,
  busy,
  send,
  compact = false,
}: {
  label: string;
  message: string;
  submitLabel: string;
  busy: boolean;
  /** The step's machine: SUBMIT with the typed password, BACK to the step before. */
  send: (event: PasswordStepEvent) => void;
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
        if (password && !busy) send({ type: 'SUBMIT', password });
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
        <Button type="button" variant="outline" disabled={busy} onClick={() => send({ type: 'BACK' })}>
          {t('common.prevStep')}
        </Button>
        <Button type="submit" colorPalette="red" loading={busy} disabled={!password}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
