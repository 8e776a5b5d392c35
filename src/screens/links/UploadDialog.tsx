import { useMemo } from 'react';
import { Box, Button, Dialog, Field, Stack, Table, Text } from '@chakra-ui/react';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { fromPromise } from 'xstate';
import { ResultType } from '../../contract/envelope';
import type { OrgOption } from '../../contract/org';
import {
  UPLOAD_MAX_ROWS,
  type UploadRefusal,
  type UploadReply,
  type UploadRowError,
} from '../../contract/uploads';
import { isApiError } from '../../services/client';
import type { UploadTarget } from '../../services/links';
import { saveFile } from '../../services/qrCode';
import { useT } from '../../app/i18n';
import { showSuccess } from '../../app/toaster';
import { orgOptions } from '../shared/options';
import { DialogShell } from '../../components/DialogFrame';
import { FailureAlert } from '../../components/FailureAlert';
import { FileField } from '../../components/FileField';
import { OptionSelect } from '../../components/OptionSelect';
import { fileUploadOf, readyToSend, type FileUploadRequest } from '../../machines/fileUpload';
import { useFileUpload } from '../shared/useFileUpload';

/** The template offered for download: the contract's columns and one example row. */
export function templateCsv(columns: readonly string[], example: Record<string, string>): Blob {
  const csv = stringify([columns, columns.map((c) => example[c] ?? '')]);
  // A BOM so that spreadsheet programs read the file as UTF-8.
  return new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
}

const rowsOf = (e: unknown): UploadRowError[] | null => {
  if (!isApiError(e) || e.resultType !== ResultType.INVALID) return null;
  const rows = (e.result as UploadRefusal | undefined)?.rows;
  return Array.isArray(rows) && rows.length ? rows : null;
};

/** The company every row is created for (null: the caller's own). */
type UploadForm = Pick<UploadTarget, 'companyId'>;

/**
 * Bulk creation from a CSV or XLSX file, all or nothing: a refusal lists every bad row with
 * its row number (the header is row 1) and nothing is created. The dialog renders the
 * fileUpload workflow (src/machines/fileUpload.ts); where there are several companies, one
 * must be chosen before the file can be sent.
 */
export function UploadDialog({
  title,
  columns,
  example,
  templateName,
  companies,
  upload,
  onClose,
}: {
  title: string;
  columns: readonly string[];
  example: Record<string, string>;
  templateName: string;
  companies: readonly OrgOption[] | null;
  upload: (target: UploadTarget) => Promise<UploadReply>;
  onClose: (created: boolean) => void;
}) {
  const t = useT();
  const needsCompany = (companies?.length ?? 0) > 1;
  const logic = useMemo(
    () =>
      fileUploadOf<UploadReply, UploadForm>().provide({
        actors: {
          send: fromPromise(({ input }: { input: FileUploadRequest<UploadForm> }) =>
            upload({ file: input.file, ...input.form }),
          ),
        },
      }),
    [upload],
  );
  const [state, send] = useFileUpload(
    logic,
    needsCompany ? null : { companyId: null },
    (reply) => showSuccess(t('links.upload.created', { count: reply.count })),
    onClose,
  );
  const busy = state.hasTag('busy');
  const { form, refusal } = state.context;
  const badRows = refusal && rowsOf(refusal.error);

  return (
    <DialogShell open size="lg" onDismiss={() => send({ type: 'CANCEL' })}>
      <Dialog.Content mx={{ base: '2', sm: '4' }} aria-label={title}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('links.upload.help', { max: UPLOAD_MAX_ROWS })}
            </Text>
            <Text fontSize="sm">
              {t('links.upload.columns')}{' '}
              <Box as="code" fontSize="xs" wordBreak="break-all">
                {columns.join(', ')}
              </Box>
            </Text>
            <Button
              alignSelf="flex-start"
              size="sm"
              variant="outline"
              onClick={() => saveFile(templateCsv(columns, example), templateName)}
            >
              {t('links.upload.template')}
            </Button>
            {needsCompany && (
              <Field.Root required>
                <Field.Label>{t('fields.companyId')}</Field.Label>
                <OptionSelect
                  root={{ disabled: busy }}
                  value={form?.companyId ? String(form.companyId) : ''}
                  onChange={(e) =>
                    send({
                      type: 'FILL',
                      form: e.target.value ? { companyId: Number(e.target.value) } : null,
                    })
                  }
                  placeholder={t('org.choose')}
                  options={orgOptions(t, companies)}
                />
              </Field.Root>
            )}
            <FileField
              label={t('links.upload.file')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChoose={(file) => send({ type: 'CHOOSE', file })}
            />
            <FailureAlert text={refusal && (refusal.message ?? t('common.submitError'))}>
              {badRows && t('links.upload.nothingCreated')}
            </FailureAlert>
            {badRows && <BadRows rows={badRows} />}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => send({ type: 'SEND' })}
            loading={busy}
            disabled={!readyToSend(state.context)}
          >
            {t('links.upload.send')}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </DialogShell>
  );
}

function BadRows({ rows }: { rows: UploadRowError[] }) {
  const t = useT();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="16rem">
      <Table.Root size="sm" stickyHeader aria-label={t('links.upload.badRows')}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>{t('links.upload.row')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('links.upload.column')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('links.upload.problem')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, i) => (
            <Table.Row key={`${r.row}-${r.field}-${i}`}>
              <Table.Cell>{r.row}</Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {r.field || '—'}
              </Table.Cell>
              <Table.Cell>{r.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
