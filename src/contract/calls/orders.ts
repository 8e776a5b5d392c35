import { call, reply } from '../call';
import { type OrderRow, OrderRef, type OrderDetail } from '../orders';
import { ORDER_LIST, OrderExportQuery, OrderPageQuery } from '../lists/orders';
import { type Page } from '../envelope';

/** The orders calls (docs/api.md). */
export const ordersCalls = {
  page: call(ORDER_LIST.path, {
    access: ORDER_LIST.route,
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
  exportExcel: call(ORDER_LIST.exports.paths.excel, {
    access: ORDER_LIST.route,
    input: OrderExportQuery,
    kind: 'file',
  }),
  exportCsv: call(ORDER_LIST.exports.paths.csv, {
    access: ORDER_LIST.route,
    input: OrderExportQuery,
    kind: 'file',
  }),
} as const;
