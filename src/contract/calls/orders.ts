import { call, reply } from '../call';
import { OrderPageQuery, type OrderRow, OrderRef, type OrderDetail } from '../orders';
import { type Page } from '../envelope';
import { OrderExportQuery } from '../exports';

/** The orders calls (docs/api.md). */
export const ordersCalls = {
  page: call('/history/orderInfo/page', {
    access: '/history/order',
    input: OrderPageQuery,
    reply: reply<Page<OrderRow>>(),
  }),
  get: call('/history/orderInfo/get', {
    access: '/history/order',
    input: OrderRef,
    reply: reply<OrderDetail>(),
  }),
  sync: call('/history/orderInfo/getOrderSync', {
    access: '/history/order',
    input: OrderRef,
    reply: reply<OrderDetail>(),
    writes: true,
  }),
  exportExcel: call('/history/orderInfo/exportExcel', {
    access: '/history/order',
    input: OrderExportQuery,
    kind: 'file',
  }),
  exportCsv: call('/history/orderInfo/exportCSVFile', {
    access: '/history/order',
    input: OrderExportQuery,
    kind: 'file',
  }),
} as const;
