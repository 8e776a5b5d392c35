/**
 * What every layout's parser does around its rows: the byte guards, the encoding among the
 * layout's own, the header (another brand's header is refused 'layout' naming that brand),
 * refusals thrown from deep inside turned into the result, and the per-currency totals.
 */
import { HEADERS } from './columns';
import { csvRecords, type CsvRecord } from './csv';
import { contentHash, detectEncoding, type EncodingDetection } from './encoding';
import {
  RowRefused,
  refusal,
  STATEMENT_LAYOUTS,
  type StatementEncoding,
  type StatementLayout,
  type StatementParse,
  type StatementRow,
  type StatementSummary,
} from './types';

export interface LayoutBody {
  rows: StatementRow[];
  declared: Record<string, string> | null;
}

/** The layout whose header a record is, if any. */
export function layoutOfHeader(fields: readonly string[]): StatementLayout | null {
  const joined = fields.join(',');
  return STATEMENT_LAYOUTS.find((l) => HEADERS[l].join(',') === joined) ?? null;
}

function checkHeader(layout: StatementLayout, header: CsvRecord | undefined): void {
  if (!header) throw new RowRefused(1, 'truncated', 'the file has no header');
  const expected: readonly string[] = HEADERS[layout];
  const fields = header.fields;
  if (fields.join(',') === expected.join(',')) return;
  const other = layoutOfHeader(fields);
  if (other) throw new RowRefused(header.line, 'layout', `a ${other} statement, not ${layout}`);
  const missing = expected.filter((c) => !fields.includes(c));
  const unknown = fields.filter((c) => !expected.includes(c));
  if (unknown.length === 0 && missing.length > 0)
    throw new RowRefused(header.line, 'columns', `the header lacks ${missing.join(', ')}`);
  if (missing.length === 0 && unknown.length === 0)
    throw new RowRefused(header.line, 'columns', 'the header’s columns are out of order');
  throw new RowRefused(header.line, 'layout', `not a ${layout} header`);
}

/** Runs a layout's body over the records after its header; every RowRefused becomes the refusal. */
export function parseFrame(
  buffer: Uint8Array,
  layout: StatementLayout,
  allowed: readonly StatementEncoding[],
  body: (records: Iterator<CsvRecord>) => LayoutBody,
  known?: EncodingDetection,
): StatementParse {
  // parseStatement has already detected the encoding: it is not decoded twice.
  const detected = known?.ok && allowed.includes(known.encoding) ? known : detectEncoding(buffer, allowed);
  if (!detected.ok) return detected;
  try {
    const records = csvRecords(detected.text);
    const header = records.next();
    checkHeader(layout, header.done ? undefined : header.value);
    const { rows, declared } = body(records);
    return {
      ok: true,
      layout,
      encoding: detected.encoding,
      contentHash: contentHash(buffer),
      rows,
      summary: summarise(rows, declared),
    };
  } catch (e) {
    if (e instanceof RowRefused) return refusal(e.line, e.reason, e.detail);
    throw e;
  }
}

/** Row count and totals per currency. */
export function summarise(
  rows: readonly StatementRow[],
  declared: Record<string, string> | null,
): StatementSummary {
  const totals: StatementSummary['totals'] = {};
  for (const r of rows) {
    const t = (totals[r.currency] ??= {
      paymentCount: 0,
      refundCount: 0,
      paymentAmount: 0,
      refundAmount: 0,
      fee: r.fee === null ? null : 0,
    });
    if (r.kind === 'payment') {
      t.paymentCount += 1;
      t.paymentAmount += r.amount;
    } else {
      t.refundCount += 1;
      t.refundAmount += r.amount;
    }
    if (r.fee !== null) t.fee = (t.fee ?? 0) + r.fee;
  }
  return { rowCount: rows.length, totals, declared };
}

/** The value of a column by name in a record read against a header. */
export function columnsOf<const C extends readonly string[]>(
  columns: C,
  record: CsvRecord,
): Record<C[number], string> {
  if (record.fields.length !== columns.length)
    throw new RowRefused(
      record.line,
      'columns',
      `${record.fields.length} columns where the layout has ${columns.length}`,
    );
  const out = {} as Record<C[number], string>;
  for (let i = 0; i < columns.length; i++) out[columns[i] as C[number]] = record.fields[i];
  return out;
}

/** A required identifier: not empty. */
export function required(value: string, line: number, column: string): string {
  if (value === '') throw new RowRefused(line, 'value', `${column} is empty`);
  return value;
}

/** A column that must be empty for this kind of row. */
export function mustBeEmpty(value: string, line: number, column: string, kind: string): void {
  if (value !== '') throw new RowRefused(line, 'kind', `${column} on a ${kind} row`);
}

export const orNull = (v: string): string | null => (v === '' ? null : v);

/** A layout's parser; `known` is the file's encoding when the caller has detected it already. */
export type LayoutParser = (buffer: Uint8Array, known?: EncodingDetection) => StatementParse;
