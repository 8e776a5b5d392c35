import { parse } from 'csv-parse';
import { FileRefusal } from './fileRefusal';
import { inspectXlsx, type UploadKind } from './uploadFile';
import { readXlsxRows, type Cells } from './xlsxRows';

/**
 * An uploaded file into rows by column name, as the worker that reads uploads does it: the
 * first non-blank row names the columns (checked as soon as it is read), each later
 * non-blank row keeps only the named columns, and past the row limit rows are only counted,
 * so what is held stays bounded whatever the file holds.
 */
export interface SheetRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/** The limits of src/contract/uploads.ts, given by the caller (the worker loads no contract). */
export interface SheetLimits {
  rows: number;
  columns: number;
  cellChars: number;
}

export interface SheetJob {
  bytes: Uint8Array;
  kind: UploadKind;
  columns: readonly string[];
  required: readonly string[];
  limits: SheetLimits;
}

/** A column name as a message lists it. */
const listed = (name: string) => (name.length > 40 ? `${name.slice(0, 39)}…` : name);

export class RowCollector {
  private names: (string | null)[] | null = null;
  private readonly rows: SheetRow[] = [];
  private count = 0;

  constructor(
    private readonly columns: readonly string[],
    private readonly required: readonly string[],
    private readonly limits: SheetLimits,
  ) {}

  add(row: number, cells: Cells) {
    if (cells.every(([, text]) => text.trim() === '')) return;
    if (!this.names) {
      this.names = this.header(cells);
      return;
    }
    if (++this.count > this.limits.rows) return;
    const byColumn = new Map(cells);
    const values: Record<string, string> = {};
    this.names.forEach((name, i) => {
      if (name) values[name] = (byColumn.get(i + 1) ?? '').trim();
    });
    this.rows.push({ row, values });
  }

  private header(cells: Cells): (string | null)[] {
    const { columns, required, limits } = this;
    const width = Math.max(...cells.filter(([, t]) => t.trim() !== '').map(([c]) => c));
    if (width > limits.columns) throw new FileRefusal('tooManyColumns', { max: limits.columns });
    const header = Array.from({ length: width }, () => '');
    for (const [c, text] of cells) if (c <= width) header[c - 1] = text.trim();
    const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
    const names = header.map((h) => (h === '' ? '' : (byLower.get(h.toLowerCase()) ?? null)));
    if (!names.some((n) => n)) throw new FileRefusal('noHeader', { columns: columns.join(', ') });
    const unknown = header.filter((h, i) => h !== '' && names[i] === null);
    if (unknown.length)
      throw new FileRefusal('unknownColumns', {
        columns: unknown.map(listed).join(', '),
        allowed: columns.join(', '),
      });
    const missing = required.filter((c) => !names.includes(c));
    if (missing.length) throw new FileRefusal('missingColumns', { columns: missing.join(', ') });
    return names;
  }

  finish(): SheetRow[] {
    if (!this.names || this.count === 0) throw new FileRefusal('empty');
    if (this.count > this.limits.rows)
      throw new FileRefusal('tooManyRows', { max: this.limits.rows, count: this.count });
    return this.rows;
  }
}

/** CSV records one by one (the bytes are UTF-8 text: the kind was decided by them). */
async function readCsvRows(bytes: Buffer, onRow: (row: number, cells: Cells) => void, maxCell: number) {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  parser.end(bytes);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      const cells: Cells = [];
      record.forEach((text, i) => {
        if (text.length > maxCell) throw new FileRefusal('cellTooLong', { row, max: maxCell });
        if (text !== '') cells.push([i + 1, text]);
      });
      onRow(row, cells);
    }
  } catch (err) {
    if (err instanceof FileRefusal) throw err;
    throw new FileRefusal('badType'); // not CSV: an unclosed quote, a quote inside a field
  } finally {
    parser.destroy();
  }
}

/** The rows of the file by column name; throws FileRefusal for anything wrong with the file. */
export async function readSheet(job: SheetJob): Promise<SheetRow[]> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const rows = new RowCollector(job.columns, job.required, job.limits);
  const onRow = (row: number, cells: Cells) => rows.add(row, cells);
  if (job.kind === 'xlsx')
    await readXlsxRows(bytes, inspectXlsx(bytes), onRow, { maxCell: job.limits.cellChars });
  else await readCsvRows(bytes, onRow, job.limits.cellChars);
  return rows.finish();
}
