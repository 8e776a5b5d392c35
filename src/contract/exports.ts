/**
 * Exports (`/history/orderInfo/exportExcel|exportCSVFile`, `/history/refundInfo/…`): the
 * filters of the page call without its paging and sorting, built from the list's definition
 * (./lists). A file always lists the rows newest first (created at, then id), like the
 * page's default order.
 */
export { OrderExportQuery } from './lists/orders';
export { RefundExportQuery } from './lists/refunds';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The reply of an export is the file itself; its name travels in content-disposition (spec point 8). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
