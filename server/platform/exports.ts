import { PassThrough, Readable, type Writable } from 'node:stream';
import ZipStream from 'zip-stream';
import { EXPORT_CONTENT_TYPES } from '../../src/contract/exports';
import { formatAmount, minorDigits } from '../../src/contract/money';

/**
 * Streaming exports (spec points 7 and 8): a call replies with a file instead of the JSON
 * envelope. Rows come in batches from the database and leave as CSV or XLSX
 * (written here, zipped by zip-stream); the writer waits whenever the client is slower than the
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
 * Whether a stream holds more than it wants. Streams on copies of readable-stream (2 or 3,
 * as archiver's and zip-stream's are) lack writableNeedDrain: read their state.
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

/** Excel's number formats for an amount of the currency (no decimals for JPY and KRW). */
const amountFormat = (currency: string): '#,##0' | '#,##0.00' =>
  minorDigits(currency) === 0 ? '#,##0' : '#,##0.00';

/**
 * XLSX, written directly: the sheet's XML is made here as text, a batch of rows at a time,
 * and deflated into the zip as it goes (exceljs' streaming writer made ~15,000 rows/s of an
 * order list, this ~5 times that: bench/RESULTS.md, "XLSX writer"). Text is inline (shared
 * strings would have to be held until the end).
 */

/**
 * Deflate level of the sheet: 1, zlib's fastest (as exceljs had it). The sheet's XML is
 * repetitive, so level 1 already shrinks it 8×; level 3 made files 7 % smaller for ~12 % more
 * CPU, level 6 18 % smaller for ~55 % more (bench/xlsx.ts). An export shares two cores with
 * the database and the other requests: the CPU counts more than the bytes.
 */
const XLSX_DEFLATE_LEVEL = 1;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIP_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIP_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The cell styles (cellXfs) of styles.xml, by index: what a cell's s="…" names. */
const HEADER_STYLE = 1;
const AMOUNT_STYLE: Record<ReturnType<typeof amountFormat>, number> = { '#,##0': 2, '#,##0.00': 3 };

/** The parts of the package that do not depend on the rows. */
const xlsxParts = (sheetName: string): [name: string, xml: string][] => [
  [
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE_CONTENT_TYPE}.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE_CONTENT_TYPE}.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${OFFICE_CONTENT_TYPE}.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `<Relationships xmlns="${PACKAGE_RELATIONSHIP_NS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIP_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `<workbook xmlns="${SPREADSHEET_NS}" xmlns:r="${RELATIONSHIP_NS}"><bookViews><workbookView/></bookViews>` +
      `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PACKAGE_RELATIONSHIP_NS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIP_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIP_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    // Fonts: the default, bold (the header). Number formats 3 and 4 are Excel's built-in
    // #,##0 and #,##0.00. Cell styles: default, header, amount without and with decimals.
    `<styleSheet xmlns="${SPREADSHEET_NS}"><fonts count="2">` +
      `<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>` +
      `<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
      `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
      `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
      `<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
      `<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
      `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

/**
 * Text as XML holds it: markup escaped, a carriage return as a reference (a parser would
 * read a raw one as a line feed), and what XML 1.0 cannot hold at all removed: control
 * characters but tab, line feed and carriage return, DEL (as exceljs did), U+FFFE/U+FFFF and
 * halves of a surrogate pair standing alone.
 */
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[&<>"\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]/;
const XML_ESCAPES =
  // eslint-disable-next-line no-control-regex
  /[&<>"\r]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};
const xmlText = (text: string): string =>
  XML_SPECIAL.test(text) ? text.replace(XML_ESCAPES, (ch) => XML_ENTITIES[ch] ?? '') : text;

/**
 * A cell's text element. Excel and LibreOffice read `_xHHHH_` in a cell as an escaped
 * character, so the underscore of such a sequence is itself escaped (`_x005F_`) to show the
 * text as it is; leading or trailing white space is kept (xml:space).
 */
const ESCAPE_LIKE = /_(?=x[0-9a-fA-F]{4}_)/g;
function textElement(text: string): string {
  const xml = xmlText(text.includes('_x') ? text.replace(ESCAPE_LIKE, '_x005F_') : text);
  const last = text.length - 1;
  return last >= 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(last) <= 32)
    ? `<t xml:space="preserve">${xml}</t>`
    : `<t>${xml}</t>`;
}

/** A, B, …, Z, AA, AB, …: the column letters of a 0-based index. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The XML of one row: strings inline, numbers and amounts as numbers, null as no cell. */
function rowXml(row: number, cells: readonly Cell[], columns: string[], style = ''): string {
  let xml = `<row r="${row}">`;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (c === null) continue;
    const ref = `${(columns[i] ??= columnName(i))}${row}`;
    if (typeof c === 'string')
      xml += `<c r="${ref}"${style} t="inlineStr"><is>${textElement(neutralise(c))}</is></c>`;
    // A spreadsheet has no NaN or infinity: such a number stays an empty cell.
    else if (typeof c === 'number') xml += Number.isFinite(c) ? `<c r="${ref}"${style}><v>${c}</v></c>` : '';
    else
      xml += `<c r="${ref}" s="${AMOUNT_STYLE[amountFormat(c.currency)]}"><v>${majorUnits(c.minor, c.currency)}</v></c>`;
  }
  return `${xml}</row>`;
}

/**
 * A batch's XML, encoded row by row into one Buffer as it is made: a long string of joined
 * rows would have to be flattened by V8 before encoding, which took as long as making it.
 */
class XmlBytes {
  private bytes: Buffer;
  private used = 0;
  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(capacity);
  }
  add(xml: string) {
    // At most 3 bytes of UTF-8 per UTF-16 unit (4 for a pair of 2): always room for the text.
    if (this.bytes.length - this.used < xml.length * 3) {
      const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + xml.length * 3));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    this.used += this.bytes.write(xml, this.used);
  }
  /** What was added (the rest of the Buffer, never written, is left out). */
  written(): Buffer {
    return this.bytes.subarray(0, this.used);
  }
}

/** The sheet's XML up to its first data row: frozen header row, column widths, bold header. */
function sheetHead(layout: SheetLayout, columns: string[]): string {
  const widths = layout.headers.map(
    (_, i) => `<col min="${i + 1}" max="${i + 1}" width="${layout.widths?.[i] ?? 16}" customWidth="1"/>`,
  );
  return (
    `${XML_DECLARATION}<worksheet xmlns="${SPREADSHEET_NS}" xmlns:r="${RELATIONSHIP_NS}">` +
    `<sheetViews><sheetView workbookViewId="0">` +
    `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    (widths.length ? `<cols>${widths.join('')}</cols>` : '') +
    `<sheetData>${rowXml(1, layout.headers, columns, ` s="${HEADER_STYLE}"`)}`
  );
}

/** XLSX of the batches' rows under a bold, frozen header row; amounts formatted per currency. */
export function xlsxBody(layout: SheetLayout, batches: Batches): Readable {
  const out = new PassThrough();
  const zip = new ZipStream({ zlib: { level: XLSX_DEFLATE_LEVEL } });
  // The sheet's XML, which zip-stream pipes through a compressor (zlib) into the zip.
  const sheet = new PassThrough();
  const compressors: Readable[] = [];
  zip.on('pipe', (compressor: Readable) => compressors.push(compressor));
  const fail = (err: Error | null) => {
    if (err) out.destroy(err);
  };
  zip.on('error', fail);
  zip.pipe(out);
  // The client went away (or the file failed): drop what is in flight, which also ends a
  // wait below for the sheet to drain (it never would). After a complete file: nothing left.
  out.once('close', () => {
    sheet.destroy();
    for (const compressor of compressors) compressor.destroy();
    zip.destroy();
  });
  produce(out, async () => {
    // The small parts first, stored (not deflated): each is written before entry() returns.
    for (const [name, xml] of xlsxParts(layout.sheetName.slice(0, 31)))
      zip.entry(Buffer.from(XML_DECLARATION + xml), { name, store: true }, fail);
    zip.entry(sheet, { name: 'xl/worksheets/sheet1.xml' }, fail);
    const columns: string[] = [];
    sheet.write(sheetHead(layout, columns));
    let row = 1;
    // Room for a batch like the last one, without growing.
    const MIN_CAPACITY = 1 << 16;
    let capacity = MIN_CAPACITY;
    for await (const batch of batches) {
      if (out.destroyed) return;
      const xml = new XmlBytes(capacity);
      for (const cells of batch) xml.add(rowXml(++row, cells, columns));
      const bytes = xml.written();
      capacity = Math.max(MIN_CAPACITY, bytes.length + (bytes.length >> 2));
      sheet.write(bytes);
      // Until the compressor has taken the batch, then the client.
      await writable(sheet);
      await writable(out);
      if (out.destroyed) return;
    }
    sheet.end('</sheetData></worksheet>');
    zip.finalize();
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
