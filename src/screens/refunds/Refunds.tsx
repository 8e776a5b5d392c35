import { useMemo } from 'react';
import { REFUND_STATUSES, type RefundRow } from '../../contract/refunds';
import { RANGE_DAYS_DEFAULT } from '../../contract/paging';
import { useT } from '../../app/i18n';
import { DataTable } from '../../components/DataTable';
import { ExportButtons } from '../../components/ExportButton';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { REFUND_EXPORT_PATHS, pageRefunds } from '../../services/refunds';
import { enumOptions } from '../setup/shared/options';
import { useListScreen } from '../setup/shared/useListScreen';
import { brandField, defaultPeriod, useScopeFields } from '../orders/filters';
import { refundColumns } from './refundColumns';

/** /history/refund: the refund history (filters in the URL, at most 31 days), with exports. */
export default function Refunds() {
  const t = useT();
  const scope = useScopeFields(t);
  const list = useListScreen<RefundRow>({
    fetchPage: pageRefunds,
    rangeDays: RANGE_DAYS_DEFAULT,
    defaults: () => ({
      ...defaultPeriod(),
      status: '',
      brand: '',
      companyId: '',
      branchUnitId: '',
      refundNo: '',
    }),
  });
  const columns = useMemo(() => refundColumns(t, scope.showCompany), [t, scope.showCompany]);

  return (
    <>
      <PageHeader
        title={t('menu.refundHistory')}
        actions={<ExportButtons paths={REFUND_EXPORT_PATHS} query={list.filters} />}
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
            options: enumOptions(t, REFUND_STATUSES, 'payments.refundStatus'),
          },
          brandField(t),
          ...scope.fields,
          { kind: 'text', name: 'refundNo', label: t('orderScreens.refundNo') },
        ]}
      />
      <DataTable
        label={t('orderScreens.refunds.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
      />
      {list.pager}
    </>
  );
}
