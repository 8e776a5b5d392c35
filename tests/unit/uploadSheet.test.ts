import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet, type SheetJob } from '../../server/platform/uploadSheet';
import { SHEET_HEAD, SHEET_TAIL, workbookParts, zipOf } from '../server/uploads-support';

const limits = { rows: 1000, columns: 100, cellChars: 2000 };
const read = (bytes: Buffer, columns: string[]) =>
  readSheet({ bytes: new Uint8Array(bytes), kind: 'xlsx', columns, required: [], limits } as SheetJob);

/** How uploads read a workbook before the streaming reader: exceljs loads it whole. */
async function readWithExcelJs(bytes: Buffer): Promise<string[][]> {
  const text = (value: ExcelJS.CellValue): string => {
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value === 'object') {
      if ('richText' in value) return value.richText.map((r) => r.text).join('');
      if ('text' in value) return String(value.text);
      if ('result' in value) return text(value.result as ExcelJS.CellValue);
      if ('error' in value) return String(value.error);
      return '';
    }
    return String(value);
  };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => (cells[col - 1] = text(cell.value)));
    rows.push(Array.from(cells, (c) => (c ?? '').trim()));
  });
  return rows;
}

describe('reading a workbook as a stream', () => {
  it('gives every kind of cell the text exceljs gave before', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Links');
    book.addWorksheet('Other').addRow(['not', 'read']);
    const columns = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    sheet.addRow(columns);
    sheet.addRow([1200, 0.1, -3.5, new Date(Date.UTC(2026, 10, 24)), 'text', true, false, '  padded  ']);
    sheet.addRow([
      { formula: 'A2*2', result: 2400 },
      { formula: '"x"&"y"', result: 'xy' },
      { richText: [{ text: 'rich ' }, { font: { bold: true }, text: 'text' }] },
      { text: 'a link', hyperlink: 'https://example.com' },
      { error: '#N/A' },
      null,
      12345678901234,
      '日本語',
    ]);
    const date = sheet.getCell('H3');
    date.value = 45000;
    date.numFmt = 'yyyy/mm/dd';
    sheet.addRow([]);
    sheet.addRow(['', '', 'after a blank row']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const rows = await read(bytes, columns);
    const before = await readWithExcelJs(bytes);
    expect(rows.map((r) => columns.map((c) => r.values[c]))).toEqual(
      before.slice(1).map((cells) => columns.map((_, i) => cells[i] ?? '')),
    );
    expect(rows.map((r) => r.row)).toEqual([2, 3, 5]);
    expect(rows[0].values).toMatchObject({ a: '1200', d: '2026-11-24', f: 'true', h: 'padded' });
    expect(rows[1].values).toMatchObject({ a: '2400', c: 'rich text', d: 'a link', h: '2023-03-15' });
  });

  it('reads the first sheet of the workbook, without the phonetic guide of Japanese Excel', async () => {
    const strings =
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<si><t>subject</t></si><si><t>佐藤</t><rPh sb="0" eb="2"><t>サトウ</t></rPh><phoneticPr fontId="1"/></si></sst>';
    const parts = workbookParts(
      {
        name: 'xl/worksheets/sheet9.xml',
        data: Buffer.from(
          `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>${SHEET_TAIL}`,
        ),
      },
      [
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(`${SHEET_HEAD}<row r="1"><c r="A1"><v>1</v></c></row>${SHEET_TAIL}`),
        },
        { name: 'xl/sharedStrings.xml', data: Buffer.from(strings) },
      ],
    ).map((p) =>
      p.name === 'xl/_rels/workbook.xml.rels'
        ? {
            ...p,
            data: Buffer.from(
              p
                .data!.toString()
                .replace('Target="worksheets/sheet1.xml"', 'Target="/xl/worksheets/sheet9.xml"'),
            ),
          }
        : p,
    );
    const rows = await read(zipOf(parts), ['subject']);
    expect(rows).toEqual([{ row: 2, values: { subject: '佐藤' } }]);
  });
});
