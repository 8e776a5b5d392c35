import { OrderExportQuery, RefundExportQuery } from '../../../src/contract/exports';
import type { Api } from '../../platform/api';
import { orderExport, refundExport } from './service';

/** Route paths of the contract's menu that grant the calls (the order and refund lists). */
const ORDER_ROUTE = '/history/order';
const REFUND_ROUTE = '/history/refund';

export function exportRoutes(api: Api) {
  // Exports: the page's filters and scope; the reply is the file (spec points 7 and 8).
  api.call('/history/orderInfo/exportExcel', { access: ORDER_ROUTE, input: OrderExportQuery }, async (c) => ({
    file: await orderExport(c, 'xlsx'),
  }));
  api.call(
    '/history/orderInfo/exportCSVFile',
    { access: ORDER_ROUTE, input: OrderExportQuery },
    async (c) => ({
      file: await orderExport(c, 'csv'),
    }),
  );
  api.call(
    '/history/refundInfo/exportExcel',
    { access: REFUND_ROUTE, input: RefundExportQuery },
    async (c) => ({
      file: await refundExport(c, 'xlsx'),
    }),
  );
  api.call(
    '/history/refundInfo/exportCSVFile',
    { access: REFUND_ROUTE, input: RefundExportQuery },
    async (c) => ({
      file: await refundExport(c, 'csv'),
    }),
  );
}
