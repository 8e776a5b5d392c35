import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { FileRefusal } from './fileRefusal';
import { inflateEntry, type ZipEntry } from './zip';

/**
 * The rows of a workbook's first sheet, read as a stream: each part is inflated chunk by
 * chunk into an XML parser, and every row goes to `onRow` as soon as it closes, so memory
 * holds the shared strings and one row, never the sheet. Cells become text as exceljs
 * gave them before: numbers as written, dates (a number with a date format) as yyyy-MM-dd,
 * rich and inline text joined (without the phonetic guide Japanese Excel adds), formulas by
 * their result, booleans as true/false, errors as their code.
 */
export type Cells = [column: number, text: string][];

/**
 * Text as OOXML stores it (ST_Xstring): a character XML cannot hold is written `_xHHHH_`
 * (`_x0000_` for NUL, `_x001B_` for ESC, `_x005F_` for an underscore that would read as one),
 * as Excel and exceljs decode it. Decoded here, so such a cell meets the rule of text
 * (refused as a bad cell of its row) instead of passing as the literal escape.
 */
export const decodeXstring = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : s;

interface Handlers {
  open?: (tag: SaxesTagNS) => void;
  text?: (text: string) => void;
  close?: (tag: SaxesTagNS) => void;
}

async function parsePart(bytes: Buffer, entry: ZipEntry, on: Handlers): Promise<void> {
  const parser = new SaxesParser({ xmlns: true });
  if (on.open) parser.on('opentag', on.open);
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  if (on.close) parser.on('closetag', on.close);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of inflateEntry(bytes, entry))
      parser.write(decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof FileRefusal) throw err;
    throw new FileRefusal('corrupt'); // not well-formed XML
  }
}

const attr = (tag: SaxesTagNS, local: string, prefixed = false): string | undefined => {
  for (const a of Object.values(tag.attributes) as SaxesAttributeNS[])
    if (a.local === local && (a.prefix !== '') === prefixed) return a.value;
  return undefined;
};

/** A part name from a relationship target (relative to xl/, or absolute from the root). */
function partName(target: string): string {
  const parts: string[] = target.startsWith('/') ? [] : ['xl'];
  for (const s of target.replace(/^\//, '').split('/')) {
    if (s === '..') parts.pop();
    else if (s !== '.' && s !== '') parts.push(s);
  }
  return parts.join('/').toLowerCase();
}

/** Excel's built-in date and time formats (14–22, 45–47, and the East Asian 27–36, 50–58). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
for (const id of [45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) BUILT_IN_DATES.add(id);

/** A custom format is a date when, outside quotes and brackets, it has a date or time letter. */
const isDateFormat = (code: string) =>
  /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

function excelDate(serial: number, date1904: boolean): string | null {
  const d = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

export interface XlsxReadOptions {
  /** Longest cell; a longer one refuses the file naming its row. */
  maxCell: number;
}

export async function readXlsxRows(
  bytes: Buffer,
  entries: ZipEntry[],
  onRow: (row: number, cells: Cells) => void,
  { maxCell }: XlsxReadOptions,
): Promise<void> {
  const byName = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
  const cellTooLong = (row: number) => new FileRefusal('cellTooLong', { row, max: maxCell });

  // The workbook: its first sheet and its date system.
  let firstSheetId: string | undefined;
  let sheetCount = 0;
  let date1904 = false;
  await parsePart(bytes, byName.get('xl/workbook.xml')!, {
    open(tag) {
      if (tag.local === 'workbookPr') date1904 = ['1', 'true'].includes(attr(tag, 'date1904') ?? '');
      if (tag.local === 'sheet' && sheetCount++ === 0) firstSheetId = attr(tag, 'id', true);
    },
  });
  if (sheetCount === 0) throw new FileRefusal('empty');

  // Where the first sheet, the shared strings and the styles are.
  const targets = new Map<string, string>();
  let stringsPart = 'xl/sharedstrings.xml';
  let stylesPart = 'xl/styles.xml';
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (rels)
    await parsePart(bytes, rels, {
      open(tag) {
        if (tag.local !== 'Relationship') return;
        const target = attr(tag, 'Target');
        if (!target || attr(tag, 'TargetMode') === 'External') return;
        const type = attr(tag, 'Type') ?? '';
        if (type.endsWith('/sharedStrings')) stringsPart = partName(target);
        if (type.endsWith('/styles')) stylesPart = partName(target);
        targets.set(attr(tag, 'Id') ?? '', partName(target));
      },
    });
  const sheet = byName.get((firstSheetId && targets.get(firstSheetId)) || 'xl/worksheets/sheet1.xml');
  if (!sheet) throw new FileRefusal('corrupt');

  // Which cell styles show a date.
  const dateStyles: boolean[] = [];
  const styles = byName.get(stylesPart);
  if (styles) {
    const formats = new Map<number, string>();
    let inCellXfs = false;
    await parsePart(bytes, styles, {
      open(tag) {
        if (tag.local === 'numFmt') formats.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
        else if (tag.local === 'cellXfs') inCellXfs = true;
        else if (tag.local === 'xf' && inCellXfs) {
          const id = Number(attr(tag, 'numFmtId') ?? 0);
          const code = formats.get(id);
          dateStyles.push(code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id));
        }
      },
      close(tag) {
        if (tag.local === 'cellXfs') inCellXfs = false;
      },
    });
  }

  // The shared strings, each at most maxCell + 1 characters (a longer one is refused where used).
  const strings: string[] = [];
  const stringsEntry = byName.get(stringsPart);
  if (stringsEntry) {
    let text = '';
    let inText = false;
    let phonetic = 0;
    await parsePart(bytes, stringsEntry, {
      open(tag) {
        if (tag.local === 'si') text = '';
        else if (tag.local === 'rPh') phonetic++;
        else if (tag.local === 't' && phonetic === 0) inText = true;
      },
      text(t) {
        if (inText && text.length <= maxCell) text += t.slice(0, maxCell + 1 - text.length);
      },
      close(tag) {
        if (tag.local === 'si') strings.push(decodeXstring(text));
        else if (tag.local === 'rPh') phonetic--;
        else if (tag.local === 't') inText = false;
      },
    });
  }

  // The sheet, row by row.
  let inData = false;
  let rowNo = 0;
  let cells: Cells = [];
  let column = 0;
  let type = '';
  let style = 0;
  let value = '';
  let inline = '';
  let capture: 'value' | 'inline' | null = null;
  let inInline = false;
  let phonetic = 0;
  const add = (t: string) => {
    if (capture === 'value') value += t;
    else if (capture === 'inline') inline += t;
    if (value.length > maxCell || inline.length > maxCell) throw cellTooLong(rowNo);
  };
  const cellText = (): string => {
    switch (type) {
      case 's':
        return value.trim() === '' ? '' : (strings[Number.parseInt(value, 10)] ?? '');
      case 'inlineStr':
        return decodeXstring(inline);
      case 'str':
      case 'e':
        return decodeXstring(value);
      case 'b':
        return value === '' ? '' : String(Number.parseInt(value, 10) !== 0);
      case 'd':
        return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
      default: {
        if (value.trim() === '') return '';
        const n = Number.parseFloat(value);
        return (dateStyles[style] && Number.isFinite(n) && excelDate(n, date1904)) || String(n);
      }
    }
  };
  await parsePart(bytes, sheet, {
    open(tag) {
      switch (tag.local) {
        case 'sheetData':
          inData = true;
          break;
        case 'row': {
          if (!inData) break;
          const r = Number.parseInt(attr(tag, 'r') ?? '', 10);
          rowNo = r > 0 ? r : rowNo + 1;
          cells = [];
          column = 0;
          break;
        }
        case 'c': {
          if (!inData) break;
          const letters = /^([A-Z]{1,3})\d*$/i.exec(attr(tag, 'r') ?? '')?.[1]?.toUpperCase();
          column = letters ? [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) : column + 1;
          type = attr(tag, 't') ?? 'n';
          style = Number(attr(tag, 's') ?? 0);
          value = '';
          inline = '';
          break;
        }
        case 'v':
          capture = 'value';
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          if (inInline && phonetic === 0) capture = 'inline';
          break;
      }
    },
    text: add,
    close(tag) {
      switch (tag.local) {
        case 'sheetData':
          inData = false;
          break;
        case 'v':
        case 't':
          capture = null;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          if (!inData) break;
          const text = cellText();
          if (text.length > maxCell) throw cellTooLong(rowNo);
          if (text !== '') cells.push([column, text]);
          break;
        }
        case 'row':
          if (inData) onRow(rowNo, cells);
          cells = [];
          break;
      }
    },
  });
}
