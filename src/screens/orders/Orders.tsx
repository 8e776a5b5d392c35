import { useMemo } from 'react';
import type { OrderRow } from '../../contract/orders';
import { RANGE_DAYS_DEFAULT } from '../../contract/paging';
import { useT } from '../../app/i18n';
import { DataTable } from '../../components/DataTable';
import { ExportButtons } from '../../components/ExportButton';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { ORDER_EXPORT_PATHS, pageOrders } from '../../services/orders';
import { enumOptions } from '../setup/shared/options';
import { useListScreen } from '../setup/shared/useListScreen';
import { brandField, defaultPeriod, paymentTypeField, subBrandField, useScopeFields } from './filters';
import { orderColumns } from './orderColumns';

/** /history/order: the transaction history (filters in the URL, at most 31 days), with exports. */
export default function Orders() {
  const t = useT();
  const scope = useScopeFields(t);
  const list = useListScreen<OrderRow>({
    fetchPage: pageOrders,
    rangeDays: RANGE_DAYS_DEFAULT,
    defaults: () => ({
      ...defaultPeriod(),
      status: '',
      brand: '',
      subBrand: '',
      paymentType: '',
      companyId: '',
      branchUnitId: '',
      orderNo: '',
    }),
  });
  const columns = useMemo(() => orderColumns(t, scope.showCompany), [t, scope.showCompany]);

  return (
    <>
      <PageHeader
        title={t('menu.transactionHistory')}
        actions={<ExportButtons paths={ORDER_EXPORT_PATHS} query={list.filters} />}
      />
      <FilterBar
        key={list.filterKey}
        {...list.filterBar}
        fields={[
          { kind: 'dateRange', error: list.rangeError },
          {
            kind: 'select',
            name: 'status',
            label: t('orderScreens.payStatus'),
            options: enumOptions(t, ['0', '1', '2'], 'payments.payStatus'),
          },
          brandField(t, ['subBrand']),
          subBrandField(t),
          paymentTypeField(t),
          ...scope.fields,
          { kind: 'text', name: 'orderNo', label: t('orderScreens.orderNo') },
        ]}
      />
      <DataTable
        label={t('orderScreens.orders.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
      />
      {list.pager}
    </>
  );
}
