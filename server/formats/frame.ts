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
  type StatementRefusal,
  type StatementRow,
  type StatementSummary,
} from './types';

/**
 * A layout's rows after its header: yields each row, returns the file's own summary or trailer
 * as written (null when the layout has none). Throws RowRefused at the first line that does not fit.
 */
export type LayoutBody = (
  records: Iterator<CsvRecord>,
) => Generator<StatementRow, Record<string, string> | null>;

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

export interface OpenedStatement {
  ok: true;
  layout: StatementLayout;
  encoding: StatementEncoding;
  contentHash: string;
  /**
   * The rows one by one (flat memory: an import may COPY them as they come), then the summary
   * as the generator's return value. Throws RowRefused at the first line that does not fit, which
   * may be the last (a WeChat summary, a card trailer): load them where a refusal can be undone.
   */
  rows: Generator<StatementRow, StatementSummary>;
}

/** The guards, the encoding and the header; then the rows as they are read. */
export function openFrame(
  buffer: Uint8Array,
  layout: StatementLayout,
  allowed: readonly StatementEncoding[],
  body: LayoutBody,
  known?: EncodingDetection,
): OpenedStatement | StatementRefusal {
  // parseStatement has already detected the encoding: it is not decoded twice.
  const detected = known?.ok && allowed.includes(known.encoding) ? known : detectEncoding(buffer, allowed);
  if (!detected.ok) return detected;
  const records = csvRecords(detected.text);
  try {
    const header = records.next();
    checkHeader(layout, header.done ? undefined : header.value);
  } catch (e) {
    if (e instanceof RowRefused) return refusal(e.line, e.reason, e.detail);
    throw e;
  }
  return {
    ok: true,
    layout,
    encoding: detected.encoding,
    contentHash: contentHash(buffer),
    rows: totalled(body(records)),
  };
}

/** The rows of a body, and their totals with the declared summary at the end. */
function* totalled(rows: Generator<StatementRow, Record<string, string> | null>) {
  const totals = new Totals();
  for (;;) {
    const next = rows.next();
    if (next.done) return totals.summary(next.value);
    totals.add(next.value);
    yield next.value;
  }
}

/** Every row in memory, or the refusal. */
export function parseFrame(
  buffer: Uint8Array,
  layout: StatementLayout,
  allowed: readonly StatementEncoding[],
  body: LayoutBody,
  known?: EncodingDetection,
): StatementParse {
  const opened = openFrame(buffer, layout, allowed, body, known);
  if (!opened.ok) return opened;
  try {
    const rows: StatementRow[] = [];
    for (;;) {
      const next = opened.rows.next();
      if (next.done) {
        const { ok, layout: l, encoding, contentHash: hash } = opened;
        return { ok, layout: l, encoding, contentHash: hash, rows, summary: next.value };
      }
      rows.push(next.value);
    }
  } catch (e) {
    if (e instanceof RowRefused) return refusal(e.line, e.reason, e.detail);
    throw e;
  }
}

/** Row count and totals per currency, row by row. */
class Totals {
  private count = 0;
  private readonly totals: StatementSummary['totals'] = {};
  add(r: StatementRow) {
    this.count += 1;
    const t = (this.totals[r.currency] ??= {
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
  summary(declared: Record<string, string> | null): StatementSummary {
    return { rowCount: this.count, totals: this.totals, declared };
  }
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

/** What a layout gives the frame: the encodings it allows and its body. */
export interface LayoutReader {
  layout: StatementLayout;
  encodings: readonly StatementEncoding[];
  body: LayoutBody;
}

export const parserOf =
  (reader: LayoutReader): LayoutParser =>
  (buffer, known) =>
    parseFrame(buffer, reader.layout, reader.encodings, reader.body, known);
