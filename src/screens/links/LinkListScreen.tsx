import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import type { Page } from '../../contract/envelope';
import type { UploadReply } from '../../contract/uploads';
import type { ListDefinition } from '../../contract/lists/define';
import type { ListQuery } from '../../machines/listQuery';
import type { OrgOption } from '../../contract/org';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import type { MessageKey, Translate } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import { ListBody } from '../../lists/ListBody';
import { urlDefaults } from '../../lists/filterFields';
import { useListScreen } from '../../lists/useListScreen';
import type { RowActions } from './payLinkColumns';
import { RowLinkDialog } from './RowLinkDialog';
import type { UploadTarget } from '../../services/links';
import { UploadDialog } from './UploadDialog';
import { useScopeFilters } from './useScopeFilters';

/** What a pay-link list row has in common: an id, its number and its pay link. */
interface LinkRow {
  id: number;
  payLink: string;
}

/** The texts of one of the two screens (each written out where it is used, so the catalogue test sees them). */
export interface LinkListTexts {
  title: string;
  newTitle: string;
  uploadTitle: string;
  closeTitle: string;
  closeBody: (number: string) => string;
  closeConfirm: string;
  closed: (number: string) => string;
}

/**
 * The list screen of invoice / URL payments and of pre-orders: filters in the URL (the
 * period, the screen's own filters, company and branch within scope), the table, "new" and
 * "upload" dialogs, the link/QR of a row and closing a row after confirmation.
 */
export function LinkListScreen<Row extends LinkRow, L extends ListDefinition>({
  texts,
  tableKey,
  list: definition,
  fetchPage,
  cells,
  numberOf,
  close,
  upload,
  newDialog,
}: {
  texts: LinkListTexts;
  /** i18n key of the table's accessible name. */
  tableKey: MessageKey;
  /** The list's definition: page call, filters (the period and scope among them), columns. */
  list: L;
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
  /** What each declared column shows; the row's actions open the link or the close confirmation. */
  cells: (t: Translate, actions: RowActions<Row>) => Cells<L['columns'][number]['key'], Row>;
  /** The number a person reads (order number or pay number). */
  numberOf: (r: Row) => string;
  close: (r: Row) => Promise<unknown>;
  upload: {
    columns: readonly string[];
    example: Record<string, string>;
    templateName: string;
    send: (target: UploadTarget) => Promise<UploadReply>;
  };
  newDialog: (p: { companies: readonly OrgOption[] | null; onDone: (changed: boolean) => void }) => ReactNode;
}) {
  const t = useT();
  const scope = useScopeFilters();
  const list = useListScreen<Row>({
    fetchPage,
    defaults: () => urlDefaults(definition),
    rangeDays: definition.period?.maxDays,
  });
  const [dialog, setDialog] = useState<'new' | 'upload' | null>(null);
  const [shown, setShown] = useState<Row | null>(null);
  const [closing, setClosing] = useState<{ row: Row; busy: boolean } | null>(null);
  // The row's actions open the link or the close confirmation (state setters: stable).
  const rowCells = useCallback(
    (tr: Translate) => cells(tr, { show: setShown, close: (row) => setClosing({ row, busy: false }) }),
    [cells],
  );

  const closeRow = async () => {
    if (!closing) return;
    setClosing({ ...closing, busy: true });
    try {
      await close(closing.row);
      showSuccess(texts.closed(numberOf(closing.row)));
    } catch (e) {
      showError(e instanceof Error ? e.message : t('common.submitError'));
    }
    setClosing(null);
    list.reload();
  };

  return (
    <>
      <PageHeader
        title={texts.title}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setDialog('upload')}>
              {t('links.upload.open')}
            </Button>
            <Button size="sm" onClick={() => setDialog('new')}>
              <PlusIcon />
              {texts.newTitle}
            </Button>
          </>
        }
      />
      <ListBody
        list={definition}
        screen={list}
        tableKey={tableKey}
        cells={rowCells}
        scope={{ fields: scope.fields, showCompany: scope.several }}
      />
      {dialog === 'new' &&
        newDialog({
          companies: scope.companies,
          onDone: (changed) => {
            setDialog(null);
            if (changed) list.reload();
          },
        })}
      {dialog === 'upload' && (
        <UploadDialog
          title={texts.uploadTitle}
          columns={upload.columns}
          example={upload.example}
          templateName={upload.templateName}
          companies={scope.companies}
          upload={upload.send}
          onClose={(created) => {
            setDialog(null);
            if (created) list.reload();
          }}
        />
      )}
      {shown && (
        <RowLinkDialog link={shown.payLink} number={numberOf(shown)} onClose={() => setShown(null)} />
      )}
      <ConfirmDialog
        open={closing !== null}
        title={texts.closeTitle}
        body={texts.closeBody(closing ? numberOf(closing.row) : '')}
        confirmLabel={texts.closeConfirm}
        tone="danger"
        busy={closing?.busy}
        onCancel={() => setClosing(null)}
        onConfirm={() => void closeRow()}
      />
    </>
  );
}
