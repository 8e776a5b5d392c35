import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXPORT_CONTENT_TYPES } from '../../src/contract/exports';
import { formatAmount, minorDigits } from '../../src/contract/money';

/**
 * Streaming exports (spec points 7 and 8): a call replies with a file instead of the JSON
 * envelope. Rows come in batches from the database and leave as CSV or XLSX
 * (exceljs' streaming writer); the writer waits whenever the client is slower than the
 * database, so memory stays flat whatever the row count, and stops reading when the client
 * goes away.
 */

/** What a call handler returns instead of a result: streamed with the download headers. */
export interface FileDownload {
  /** The file name shown to the user (may be Japanese). */
  name: string;
  /** An ASCII name for clients that ignore filename* (default: name with non-ASCII as '_'). */
  asciiName?: string;
  contentType: string;
  body: Readable | AsyncIterable<Buffer | string>;
}

/** RFC 6266 / 5987: a quoted ASCII fallback and the UTF-8 name percent-encoded. */
export function contentDisposition(name: string, asciiName?: string): string {
  const fallback = (asciiName ?? name).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The headers of a file reply (the security headers of every reply are added by onSend too). */
export function downloadHeaders(file: FileDownload): Record<string, string> {
  return {
    'content-disposition': contentDisposition(file.name, file.asciiName),
    'content-type': file.contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}

/** A spreadsheet would run text starting with these as a formula (CSV/formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** An amount in minor units with its currency: a number in major units in the file (spec point 9). */
export interface AmountCell {
  minor: number;
  currency: string;
}
export type Cell = string | number | null | AmountCell;
export type Batches = AsyncIterable<readonly Cell[][]>;

const isAmount = (c: Cell): c is AmountCell => typeof c === 'object' && c !== null;

/** 123456 USD → "1234.56", 1200 JPY → "1200": exact, from the integer (never a float). */
export function majorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) return formatAmount(minor, currency).replace(/,/g, '');
  if (minorDigits(currency) === 0) return String(minor);
  const abs = minor < 0 ? -minor : minor;
  const cents = abs % 100;
  // (abs - cents) / 100 is an exact integer division; abs / 100 would round near 2^53.
  return `${minor < 0 ? '-' : ''}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;
export const csvField = (c: Cell): string => {
  if (c === null) return '';
  if (typeof c === 'number') return String(c);
  const text = isAmount(c) ? majorUnits(c.minor, c.currency) : neutralise(c);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * Whether a stream holds more than it wants. exceljs' zip (archiver) runs on copies of
 * readable-stream 2, which lack writableNeedDrain and writableLength: read their state.
 */
function full(stream: Writable): boolean {
  if (stream.writableNeedDrain !== undefined) return stream.writableNeedDrain;
  const state = (stream as unknown as { _writableState?: { length: number; highWaterMark: number } })
    ._writableState;
  return state ? state.length >= state.highWaterMark : false;
}

/** Resolves when the stream can take more, or has gone (a client that left never drains). */
function writable(stream: Writable): Promise<void> {
  if (!full(stream) || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Runs the writer in the background; a failure after the first byte can only cut the download. */
function produce(out: Writable, work: () => Promise<void>) {
  work().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
}

/**
 * CSV: UTF-8 with a BOM (Excel reads Japanese correctly), CRLF line ends. The rows come
 * finished, a chunk at a time (written by the database, see ./csvSql); the header is written
 * here with the same rules.
 */
export function csvBody(headers: readonly string[], rows: AsyncIterable<string | Buffer>): Readable {
  const out = new PassThrough();
  produce(out, async () => {
    out.write(`\ufeff${csvLine(headers)}`);
    for await (const chunk of rows) {
      if (out.destroyed) return;
      out.write(chunk);
      await writable(out);
      if (out.destroyed) return;
    }
    out.end();
  });
  return out;
}

export interface SheetLayout {
  sheetName: string;
  headers: readonly string[];
  /** Column widths in characters. */
  widths?: readonly number[];
}

/** Where exceljs' sheet stream writes to (its zip entry), read from the writer's internals. */
const sheetPipes = (sheet: unknown): Writable[] =>
  (sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];

/** Excel's number formats for an amount of the currency (no decimals for JPY and KRW). */
const amountFormat = (currency: string) => (minorDigits(currency) === 0 ? '#,##0' : '#,##0.00');

/** XLSX with exceljs' streaming writer: each row is committed (written and dropped) at once. */
export function xlsxBody(layout: SheetLayout, batches: Batches): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  produce(out, async () => {
    const sheet = workbook.addWorksheet(layout.sheetName.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = layout.headers.map((_, i) => ({ width: layout.widths?.[i] ?? 16 }));
    const head = sheet.addRow(layout.headers.map(neutralise));
    head.font = { bold: true };
    head.commit();
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const cells of batch) {
        const row = sheet.addRow(
          cells.map((c) =>
            isAmount(c) ? Number(majorUnits(c.minor, c.currency)) : typeof c === 'string' ? neutralise(c) : c,
          ),
        );
        cells.forEach((c, i) => {
          if (isAmount(c)) row.getCell(i + 1).numFmt = amountFormat(c.currency);
        });
        row.commit();
      }
      // exceljs hands the sheet's XML to the zip without waiting for it (StreamBuf ignores
      // backpressure): wait until the compressor has taken it, then until the client has.
      for (const compressor of sheetPipes(sheet)) await writable(compressor);
      await writable(out);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  });
  return out;
}

/** The names of an export's file: the localised one and its ASCII fallback. */
export interface FileNames {
  name: string;
  asciiName: string;
}

export const csvFile = (
  names: FileNames,
  headers: readonly string[],
  rows: AsyncIterable<string | Buffer>,
): FileDownload => ({ ...names, contentType: EXPORT_CONTENT_TYPES.csv, body: csvBody(headers, rows) });

export const xlsxFile = (names: FileNames, layout: SheetLayout, batches: Batches): FileDownload => ({
  ...names,
  contentType: EXPORT_CONTENT_TYPES.xlsx,
  body: xlsxBody(layout, batches),
});

/**
 * The batches with the first one already read: a failure there (the database) still becomes
 * the JSON envelope, before any byte of the file is sent.
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
      } finally {
        await it.return?.();
      }
    },
  };
}
