import { useState } from 'react';
import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { StepDialog } from '../../components/StepDialog';
import { DEPOSIT_UPLOAD_MAX_BYTES } from '../../contract/payouts';
import { isApiError } from '../../services/client';
import { uploadDeposits } from '../../services/payouts';
import { useT } from '../../app/i18n';
import { showSuccess } from '../../app/toaster';

/**
 * The Import bank deposits button and its dialog (role 0; docs/reconciliation.md "Bank
 * deposits"): one file, sent at once; the reply says what was added and matched, a refusal
 * is shown at the file field in the reader's language and nothing changes. A one-step request,
 * as the links' bulk upload: no workflow beyond busy and refused.
 */
export function DepositUploadButton({ onImported }: { onImported: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => setOpen(true)}>
        {t('payouts.importDeposits')}
      </Button>
      {open && (
        <DepositUploadDialog
          onClose={(done) => {
            setOpen(false);
            if (done) onImported();
          }}
        />
      )}
    </>
  );
}

function DepositUploadDialog({ onClose }: { onClose: (done: boolean) => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!file) {
      setError(t('validation.required', { field: t('payouts.file') }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await uploadDeposits(file);
      showSuccess(
        r.duplicate
          ? t('payouts.duplicate')
          : t('payouts.imported', { added: r.added, matched: r.matched, skipped: r.skipped }),
      );
      onClose(true);
    } catch (e) {
      const field = isApiError(e) ? e.errors?.file : undefined;
      setError(field ?? (e instanceof Error && e.message ? e.message : t('common.submitError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepDialog
      label={t('payouts.importTitle')}
      title={t('payouts.importTitle')}
      busy={busy}
      onClose={() => onClose(false)}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('payouts.importHelp', { max: `${DEPOSIT_UPLOAD_MAX_BYTES / 1024 / 1024} MB` })}
            </Text>
            <Field.Root required invalid={Boolean(error)}>
              <Field.Label>{t('payouts.file')}</Field.Label>
              <Input
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                p="1"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setError(null);
                }}
              />
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => onClose(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy}>
            {t('payouts.importButton')}
          </Button>
        </Dialog.Footer>
      </form>
    </StepDialog>
  );
}
