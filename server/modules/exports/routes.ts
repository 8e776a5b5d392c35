import { ordersCalls } from '../../../src/contract/calls/orders';
import { refundsCalls } from '../../../src/contract/calls/refunds';
import type { Api } from '../../platform/api';
import { orderExport, refundExport } from './service';

export function exportRoutes(api: Api) {
  // Exports: the page's filters and scope; the reply is the file (spec points 7 and 8).
  api.call(ordersCalls.exportExcel, async (c) => ({
    file: await orderExport(c, 'xlsx'),
  }));
  api.call(ordersCalls.exportCsv, async (c) => ({
    file: await orderExport(c, 'csv'),
  }));
  api.call(refundsCalls.exportExcel, async (c) => ({
    file: await refundExport(c, 'xlsx'),
  }));
  api.call(refundsCalls.exportCsv, async (c) => ({
    file: await refundExport(c, 'csv'),
  }));
}
