import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { PAY_LINK_COLUMNS, type PayLinkRow } from '../../contract/links';
import { RANGE_DAYS_DEFAULT } from '../../contract/paging';
import { closePayLink, pagePayLinks, uploadPayLinks } from '../../services/links';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { businessDate } from '../../components/format';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { useListScreen } from '../setup/shared/useListScreen';
import { PayLinkDialog } from './PayLinkDialog';
import { payLinkColumns } from './payLinkColumns';
import { RowLinkDialog } from './RowLinkDialog';
import { UploadDialog } from './UploadDialog';
import { useScopeFilters } from './useScopeFilters';

/** The example row of the upload template. */
const EXAMPLE = {
  clientOrderNo: 'INV-2026-0001',
  amount: '5500',
  currency: 'JPY',
  subject: 'Invoice 2026-0001',
  payerName: 'Hanako Yamada',
  payerEmail: 'hanako@example.jp',
  remark: '',
  expireHours: '72',
};

/** /manage/url: invoice / URL payments — list, new (link + QR), close, upload. */
export default function PayLinks() {
  const t = useT();
  const scope = useScopeFilters();
  const list = useListScreen<PayLinkRow>({
    fetchPage: pagePayLinks,
    defaults: () => ({
      beginTime: businessDate(6),
      endTime: businessDate(0),
      status: '',
      orderNo: '',
      companyId: '',
      branchUnitId: '',
    }),
    rangeDays: RANGE_DAYS_DEFAULT,
  });
  const [dialog, setDialog] = useState<'new' | 'upload' | null>(null);
  const [shown, setShown] = useState<PayLinkRow | null>(null);
  const [closing, setClosing] = useState<{ row: PayLinkRow; busy: boolean } | null>(null);
  const columns = useMemo(
    () =>
      payLinkColumns(t, { show: setShown, close: (row) => setClosing({ row, busy: false }) }, scope.several),
    [t, scope.several],
  );

  const closeRow = async () => {
    if (!closing) return;
    setClosing({ ...closing, busy: true });
    try {
      await closePayLink({ gatewayOrderNo: closing.row.gatewayOrderNo });
      showSuccess(t('linkScreens.url.closed', { number: closing.row.gatewayOrderNo }));
    } catch (e) {
      showError(e instanceof Error ? e.message : t('common.submitError'));
    }
    setClosing(null);
    list.reload();
  };

  return (
    <>
      <PageHeader
        title={t('menu.url')}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setDialog('upload')}>
              {t('linkScreens.upload.open')}
            </Button>
            <Button size="sm" onClick={() => setDialog('new')}>
              <PlusIcon />
              {t('linkScreens.url.newTitle')}
            </Button>
          </>
        }
      />
      <FilterBar
        key={list.filterKey}
        {...list.filterBar}
        fields={[
          { kind: 'dateRange', error: list.rangeError },
          {
            kind: 'select',
            name: 'status',
            label: t('fields.status'),
            options: ['0', '1', '2'].map((s) => ({ value: s, label: t(`linkScreens.url.payStatus.${s}`) })),
          },
          { kind: 'text', name: 'orderNo', label: t('linkScreens.orderNoFilter') },
          ...scope.fields,
        ]}
      />
      <DataTable label={t('linkScreens.url.table')} columns={columns} rowKey={(r) => r.id} {...list.table} />
      {list.pager}
      {dialog === 'new' && (
        <PayLinkDialog
          companies={scope.companies}
          onDone={(changed) => {
            setDialog(null);
            if (changed) list.reload();
          }}
        />
      )}
      {dialog === 'upload' && (
        <UploadDialog
          title={t('linkScreens.url.uploadTitle')}
          columns={PAY_LINK_COLUMNS}
          example={EXAMPLE}
          templateName="url-payments-template.csv"
          companies={scope.companies}
          upload={uploadPayLinks}
          onClose={(created) => {
            setDialog(null);
            if (created) list.reload();
          }}
        />
      )}
      {shown && (
        <RowLinkDialog link={shown.payLink} number={shown.gatewayOrderNo} onClose={() => setShown(null)} />
      )}
      <ConfirmDialog
        open={closing !== null}
        title={t('linkScreens.url.closeTitle')}
        body={t('linkScreens.url.closeBody', { number: closing?.row.gatewayOrderNo ?? '' })}
        confirmLabel={t('linkScreens.url.closeConfirm')}
        tone="danger"
        busy={closing?.busy}
        onCancel={() => setClosing(null)}
        onConfirm={() => void closeRow()}
      />
    </>
  );
}
