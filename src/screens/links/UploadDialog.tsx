import { useState } from 'react';
import { Box, Button, Dialog, Field, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { stringify } from 'csv-stringify/browser/esm/sync';
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
import { FailureAlert } from '../../components/FailureAlert';
import { OptionSelect } from '../../components/OptionSelect';

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

/**
 * Bulk creation from a CSV or XLSX file, all or nothing: a refusal lists every bad row with
 * its row number (the header is row 1) and nothing is created.
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
  const [file, setFile] = useState<File | null>(null);
  const [companyId, setCompanyId] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [badRows, setBadRows] = useState<UploadRowError[] | null>(null);
  const needsCompany = (companies?.length ?? 0) > 1;
  const ready = Boolean(file) && (!needsCompany || companyId !== '');

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    setBadRows(null);
    try {
      const reply = await upload({ file, companyId: companyId ? Number(companyId) : null });
      showSuccess(t('links.upload.created', { count: reply.count }));
      onClose(true);
    } catch (e) {
      setBadRows(rowsOf(e));
      setFailure(e instanceof Error && e.message ? e.message : t('common.submitError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open
      placement="center"
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(e) => !e.open && !busy && onClose(false)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
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
                      value={companyId}
                      onChange={(e) => setCompanyId(e.target.value)}
                      placeholder={t('org.choose')}
                      options={orgOptions(t, companies)}
                    />
                  </Field.Root>
                )}
                <Field.Root required>
                  <Field.Label>{t('links.upload.file')}</Field.Label>
                  <Input
                    type="file"
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    p="1"
                    onChange={(e) => {
                      setFile(e.target.files?.[0] ?? null);
                      setFailure(null);
                      setBadRows(null);
                    }}
                  />
                </Field.Root>
                <FailureAlert text={failure}>{badRows && t('links.upload.nothingCreated')}</FailureAlert>
                {badRows && <BadRows rows={badRows} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onClose(false)} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void send()} loading={busy} disabled={!ready}>
                {t('links.upload.send')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
