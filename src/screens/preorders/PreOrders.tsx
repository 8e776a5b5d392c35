import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { PRE_ORDER_COLUMNS, type PreOrderRow } from '../../contract/preorders';
import { RANGE_DAYS_DEFAULT } from '../../contract/paging';
import { closePreOrder, pagePreOrders, uploadPreOrders } from '../../services/preorders';
import { useT } from '../../app/i18n';
import { showError, showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { businessDate } from '../../components/format';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { useListScreen } from '../setup/shared/useListScreen';
import { PreOrderDialog } from './PreOrderDialog';
import { preOrderColumns } from './preOrderColumns';
import { RowLinkDialog } from '../links/RowLinkDialog';
import { UploadDialog } from '../links/UploadDialog';
import { useScopeFilters } from '../links/useScopeFilters';

/** The example row of the upload template. */
const EXAMPLE = {
  clientPayNo: 'REQ-2026-0001',
  orderAmount: '3000',
  currency: 'JPY',
  validityHours: '48',
  useTimes: '10',
  remark: 'Lunch set',
};

/** /manage/onepay: pre-orders (payment requests) — list, new on the pre-order machine, close, upload. */
export default function PreOrders() {
  const t = useT();
  const scope = useScopeFilters();
  const list = useListScreen<PreOrderRow>({
    fetchPage: pagePreOrders,
    defaults: () => ({
      beginTime: businessDate(6),
      endTime: businessDate(0),
      useStatus: '',
      payNo: '',
      companyId: '',
      branchUnitId: '',
    }),
    rangeDays: RANGE_DAYS_DEFAULT,
  });
  const [dialog, setDialog] = useState<'new' | 'upload' | null>(null);
  const [shown, setShown] = useState<PreOrderRow | null>(null);
  const [closing, setClosing] = useState<{ row: PreOrderRow; busy: boolean } | null>(null);
  const columns = useMemo(
    () =>
      preOrderColumns(t, { show: setShown, close: (row) => setClosing({ row, busy: false }) }, scope.several),
    [t, scope.several],
  );

  const closeRow = async () => {
    if (!closing) return;
    setClosing({ ...closing, busy: true });
    try {
      await closePreOrder({ gatewayPayNo: closing.row.gatewayPayNo });
      showSuccess(t('linkScreens.preOrder.closed', { number: closing.row.gatewayPayNo }));
    } catch (e) {
      showError(e instanceof Error ? e.message : t('common.submitError'));
    }
    setClosing(null);
    list.reload();
  };

  return (
    <>
      <PageHeader
        title={t('menu.onepay')}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setDialog('upload')}>
              {t('linkScreens.upload.open')}
            </Button>
            <Button size="sm" onClick={() => setDialog('new')}>
              <PlusIcon />
              {t('linkScreens.preOrder.newTitle')}
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
            name: 'useStatus',
            label: t('linkScreens.preOrder.useStatus'),
            options: ['0', '1'].map((s) => ({ value: s, label: t(`linkScreens.preOrder.useStatusOf.${s}`) })),
          },
          { kind: 'text', name: 'payNo', label: t('linkScreens.payNoFilter') },
          ...scope.fields,
        ]}
      />
      <DataTable
        label={t('linkScreens.preOrder.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
      />
      {list.pager}
      {dialog === 'new' && (
        <PreOrderDialog
          companies={scope.companies}
          onDone={(changed) => {
            setDialog(null);
            if (changed) list.reload();
          }}
        />
      )}
      {dialog === 'upload' && (
        <UploadDialog
          title={t('linkScreens.preOrder.uploadTitle')}
          columns={PRE_ORDER_COLUMNS}
          example={EXAMPLE}
          templateName="pre-orders-template.csv"
          companies={scope.companies}
          upload={uploadPreOrders}
          onClose={(created) => {
            setDialog(null);
            if (created) list.reload();
          }}
        />
      )}
      {shown && (
        <RowLinkDialog link={shown.payLink} number={shown.gatewayPayNo} onClose={() => setShown(null)} />
      )}
      <ConfirmDialog
        open={closing !== null}
        title={t('linkScreens.preOrder.closeTitle')}
        body={t('linkScreens.preOrder.closeBody', { number: closing?.row.gatewayPayNo ?? '' })}
        confirmLabel={t('linkScreens.preOrder.closeConfirm')}
        tone="danger"
        busy={closing?.busy}
        onCancel={() => setClosing(null)}
        onConfirm={() => void closeRow()}
      />
    </>
  );
}
