import { useState } from 'react';
import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { fromPromise } from 'xstate';
import { FileField } from '../../components/FileField';
import { StepDialog } from '../../components/StepDialog';
import { DEPOSIT_UPLOAD_MAX_BYTES, type DepositImportReply } from '../../contract/payouts';
import { fileUploadOf, type FileUploadRequest, type NoForm } from '../../machines/fileUpload';
import { isApiError } from '../../services/client';
import { uploadDeposits } from '../../services/payouts';
import { useT } from '../../app/i18n';
import { showSuccess } from '../../app/toaster';
import { useFileUpload } from '../shared/useFileUpload';

/**
 * The Import bank deposits button and its dialog (role 0; docs/reconciliation.md "Bank
 * deposits"): one file, sent at once; the reply says what was added and matched, a refusal
 * is shown at the file field in the reader's language and nothing changes. The dialog renders the
 * fileUpload workflow (src/machines/fileUpload.ts), as the links' bulk upload does.
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

/** The deposits import's workflow: the file alone, sent as the bank's statement. */
const depositUpload = fileUploadOf<DepositImportReply>().provide({
  actors: {
    send: fromPromise(({ input }: { input: FileUploadRequest<NoForm> }) => uploadDeposits(input.file)),
  },
});

function DepositUploadDialog({ onClose }: { onClose: (done: boolean) => void }) {
  const t = useT();
  const [state, send] = useFileUpload(
    depositUpload,
    {},
    (r) =>
      showSuccess(
        r.duplicate
          ? t('payouts.duplicate')
          : t('payouts.imported', { added: r.added, matched: r.matched, skipped: r.skipped }),
      ),
    onClose,
  );
  const busy = state.hasTag('busy');
  const { refusal } = state.context;
  const error = state.matches({ choosing: 'missing' })
    ? t('validation.required', { field: t('payouts.file') })
    : refusal &&
      ((isApiError(refusal.error) ? refusal.error.errors?.file : undefined) ??
        refusal.message ??
        t('common.submitError'));

  return (
    <StepDialog
      label={t('payouts.importTitle')}
      title={t('payouts.importTitle')}
      busy={busy}
      onClose={() => send({ type: 'CANCEL' })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SEND' });
        }}
      >
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('payouts.importHelp', { max: `${DEPOSIT_UPLOAD_MAX_BYTES / 1024 / 1024} MB` })}
            </Text>
            <FileField
              label={t('payouts.file')}
              accept=".csv,.txt,text/csv,text/plain"
              error={error}
              disabled={busy}
              onChoose={(file) => send({ type: 'CHOOSE', file })}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
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
