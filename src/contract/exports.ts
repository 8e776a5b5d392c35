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

/** What a user picks on the export button: Excel or CSV. */
export type ExportChoice = 'excel' | 'csv';

/**
 * What the reply's head says: `fileName` from the content-disposition header, or null and
 * the JSON body's `resultMessage` (spec point 8). `total` from content-length when known.
 */
export interface ExportHead {
  fileName: string | null;
  resultMessage?: string;
  total?: number | null;
}

/** What `readStream` is given: it reports progress by sending PROGRESS to `job`. */
export interface ReadStreamInput {
  job: { send(event: { type: 'PROGRESS'; received: number; total?: number | null }): void };
}
