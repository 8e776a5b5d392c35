import { useState } from 'react';
import { Alert, Box, Button, Dialog, Field, Input, Progress, Stack, Table, Text } from '@chakra-ui/react';
import type { SnapshotFrom } from 'xstate';
import type { PayBrand } from '../../../contract/brands';
import { AUDIT_CODES } from '../../../contract/reconciliation';
import {
  brandsOfGroup,
  STATEMENT_UPLOAD_MAX_BYTES,
  type StatementImportView,
} from '../../../contract/statementImports';
import type { statementImportMachine, StatementImportEvent } from '../../../machines/statementImport';
import { useT } from '../../../app/i18n';
import { textOr, type Translate } from '../../../i18n/translator';
import { FileField } from '../../../components/FileField';
import { OptionSelect } from '../../../components/OptionSelect';

type State = SnapshotFrom<typeof statementImportMachine>;
type Send = (event: StatementImportEvent) => void;

const brandText = (t: Translate, brand: PayBrand | null) =>
  brand ? t(`reconciliation.imports.brands.${brand}`) : '';

/** "Line 2: An unknown status" in the screen's language (the server's words for a reason it has no key for). */
const refusalText = (t: Translate, r: NonNullable<StatementImportView['refusal']>) => {
  const reason = textOr(t, `reconciliation.imports.reasons.${r.reason}`, '');
  if (!reason) return r.message;
  // Line 0 is the file as a whole (its size, its days): the reason alone.
  return r.line > 0 ? t('reconciliation.imports.refusalAt', { line: r.line, reason }) : reason;
};

/** The form: file, brand (or detect) and day (or from the file). */
function ChooseStep({ state, send, onClose }: { state: State; send: Send; onClose: () => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [brand, setBrand] = useState('');
  const [businessDay, setBusinessDay] = useState('');
  const errors = state.context.fieldErrors;
  const busy = state.matches('uploading');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT', file, fileName: file?.name ?? '', brand, businessDay });
      }}
    >
      <Dialog.Body>
        <Stack gap="4">
          <FileField
            label={t('reconciliation.imports.file')}
            accept=".csv,.txt,text/csv,text/plain"
            hint={t('reconciliation.imports.fileHint', {
              max: `${STATEMENT_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
            })}
            error={errors.file}
            disabled={busy}
            onChoose={setFile}
          />
          <Field.Root invalid={Boolean(errors.brand)}>
            <Field.Label>{t('reconciliation.imports.brand')}</Field.Label>
            <OptionSelect
              root={{ disabled: busy }}
              name="brand"
              value={brand}
              onChange={(e) => setBrand(e.target.value)}
              placeholder={t('reconciliation.imports.detect')}
              options={brandsOfGroup(state.context.group).map((b) => ({ value: b, label: brandText(t, b) }))}
            />
            <Field.ErrorText>{errors.brand}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.businessDay)}>
            <Field.Label>{t('reconciliation.imports.day')}</Field.Label>
            <Input
              type="date"
              name="businessDay"
              value={businessDay}
              disabled={busy}
              onChange={(e) => setBusinessDay(e.target.value)}
            />
            <Field.HelperText>{t('reconciliation.imports.dayHint')}</Field.HelperText>
            <Field.ErrorText>{errors.businessDay}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('reconciliation.imports.cancel')}
        </Button>
        <Button type="submit" colorPalette="blue" loading={busy} disabled={!file}>
          {busy ? t('reconciliation.imports.uploading') : t('reconciliation.imports.submit')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** The import's status and a progress bar (rows read; indeterminate until the count is known). */
function Progressing({ view }: { view: StatementImportView | null }) {
  const t = useT();
  const status = view?.status ?? 'queued';
  const total = view?.rowsTotal ?? null;
  return (
    <Stack gap="2" role="status" aria-live="polite">
      <Text fontWeight="semibold">{t(`reconciliation.imports.statuses.${status}`)}</Text>
      {view?.fileName && (
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {view.fileName} {brandText(t, view.brand)} {view.businessDay ?? ''}
        </Text>
      )}
      <Progress.Root
        size="sm"
        value={total ? Math.round(((view?.rowsDone ?? 0) / Math.max(total, 1)) * 100) : null}
        max={100}
        aria-label={t(`reconciliation.imports.statuses.${status}`)}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {view && view.rowsDone > 0 && (
        <Text fontSize="sm" fontVariantNumeric="tabular-nums">
          {total
            ? t('reconciliation.imports.rowsOf', { done: view.rowsDone, total })
            : t('reconciliation.imports.rowsRead', { count: view.rowsDone })}
        </Text>
      )}
    </Stack>
  );
}

/** Rows per result code of the run (the codes' labels are the orders'). */
function Counts({ view }: { view: StatementImportView }) {
  const t = useT();
  const counts = view.counts;
  if (!counts) return null;
  const rows = [
    ...AUDIT_CODES.map((code) => ({
      key: String(code),
      label: `${code} ${t(`orders.auditResults.${code}`)}`,
    })),
    { key: 'held', label: t('reconciliation.imports.held') },
  ].filter((r) => counts[r.key as keyof typeof counts] > 0);
  return (
    <Table.Root size="sm" aria-label={t('reconciliation.imports.statuses.done')}>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.key} data-code={r.key}>
            <Table.Cell>{r.label}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {counts[r.key as keyof typeof counts]}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Outcome({ view }: { view: StatementImportView }) {
  const t = useT();
  const where = { brand: brandText(t, view.brand), day: view.businessDay ?? '' };
  if (view.status === 'done')
    return (
      <Stack gap="3">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t('reconciliation.imports.doneTitle', where)}</Alert.Title>
        </Alert.Root>
        {view.unchanged && <Text>{t('reconciliation.imports.unchanged')}</Text>}
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {view.fileName} ·{' '}
          {t('reconciliation.imports.rowsOf', { done: view.rowsDone, total: view.rowsTotal ?? 0 })}
        </Text>
        <Counts view={view} />
      </Stack>
    );
  return (
    <Stack gap="3">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {view.runId
              ? t('reconciliation.imports.refusedTitle', where)
              : t('reconciliation.imports.refusedNoDay')}
          </Alert.Title>
          {view.refusal && <Alert.Description>{refusalText(t, view.refusal)}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
      {view.refusal?.detail && (
        <Box as="code" fontSize="xs" wordBreak="break-all">
          {view.refusal.detail}
        </Box>
      )}
      <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
        {view.fileName}
      </Text>
      <Counts view={view} />
    </Stack>
  );
}

/** The dialog's body and buttons for the workflow's state. */
export function ImportSteps({ state, send, onClose }: { state: State; send: Send; onClose: () => void }) {
  const t = useT();
  if (state.matches('choosing') || state.matches('uploading'))
    return <ChooseStep state={state} send={send} onClose={onClose} />;
  const view = state.context.view;
  const ended = (state.matches('done') || state.matches('refused')) && view;
  return (
    <>
      <Dialog.Body>
        {ended ? (
          <Outcome view={view} />
        ) : state.matches('failed') ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('reconciliation.imports.failedTitle')}</Alert.Title>
              <Alert.Description>{state.context.error ?? view?.refusal?.detail ?? ''}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Progressing view={view} />
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {state.matches('failed') ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('reconciliation.imports.cancel')}
            </Button>
            <Button colorPalette="blue" onClick={() => send({ type: 'RETRY' })}>
              {t('reconciliation.imports.retry')}
            </Button>
          </>
        ) : (
          <>
            {ended && (
              <Button variant="outline" onClick={() => send({ type: 'AGAIN' })}>
                {t('reconciliation.imports.another')}
              </Button>
            )}
            <Button
              colorPalette={ended ? 'blue' : undefined}
              variant={ended ? 'solid' : 'outline'}
              onClick={onClose}
            >
              {t('reconciliation.imports.close')}
            </Button>
          </>
        )}
      </Dialog.Footer>
    </>
  );
}
