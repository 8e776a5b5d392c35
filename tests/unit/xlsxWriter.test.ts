import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxBody, type Cell, type SheetLayout } from '../../server/platform/exports';

/**
 * The XLSX writer of the exports (server/platform/exports.ts), read back with exceljs and opened
 * by LibreOffice (headless, converted to CSV as it shows the cells): escaping, characters XML
 * cannot hold, the formula guard, numbers and amounts with their formats, the header, and the
 * stream's backpressure, end and failure.
 */

const layout: SheetLayout = {
  sheetName: '注文 & 返金 <一覧>',
  headers: ['=Text', '日本語', '絵文字', 'Control', 'Formula', 'Number', 'Empty', 'JPY', 'USD', 'USD−'],
  widths: [30, 12],
};
const jpy = (minor: number): Cell => ({ minor, currency: 'JPY' });
const usd = (minor: number): Cell => ({ minor, currency: 'USD' });
const rows: Cell[][] = [
  [
    'a<b & "c" > d',
    '日本語テキスト',
    '絵文字 😀',
    'bell\u0007 and nul\u0000 gone',
    '=1+1',
    42,
    null,
    jpy(1200),
    usd(123456),
    usd(-5),
  ],
  [
    'two\nlines\tand a tab',
    'ｶﾀｶﾅ・ひらがな',
    'lone \ud800 half',
    '_x0041_ stays',
    '@SUM(A1)',
    -1.5,
    '',
    jpy(-98765),
    usd(0),
    usd(100),
  ],
];
/** What a reader gets back of the rows above (the empty string and null are both no value). */
const shown = [
  [
    'a<b & "c" > d',
    '日本語テキスト',
    '絵文字 😀',
    'bell and nul gone',
    "'=1+1",
    42,
    null,
    1200,
    1234.56,
    -0.05,
  ],
  [
    'two\nlines\tand a tab',
    'ｶﾀｶﾅ・ひらがな',
    'lone  half',
    '_x0041_ stays',
    "'@SUM(A1)",
    -1.5,
    null,
    -98765,
    0,
    1,
  ],
];
const formats = ['', '', '', '', '', '', '', '#,##0', '#,##0.00', '#,##0.00'];

async function* inBatches(...batches: Cell[][][]) {
  for (const batch of batches) yield batch;
}

const dir = mkdtempSync(join(tmpdir(), 'xlsx-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file of the rows above, in two batches, made once for both readers. */
let made: Promise<Buffer> | undefined;
const file = () => (made ??= buffer(xlsxBody(layout, inBatches(rows.slice(0, 1), rows.slice(1)))));

describe('the XLSX writer', () => {
  it('writes what exceljs reads back: values, number formats, bold frozen header, widths, sheet name', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file()) as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(1);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('注文 & 返金 <一覧>');
    expect(sheet.rowCount).toBe(3);
    const header = sheet.getRow(1);
    expect(layout.headers.map((_, i) => header.getCell(i + 1).value)).toEqual([
      "'=Text",
      ...layout.headers.slice(1),
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect([1, 2, 3, 10].map((c) => sheet.getColumn(c).width)).toEqual([30, 12, 16, 16]);
    for (const [r, expected] of shown.entries()) {
      const row = sheet.getRow(r + 2);
      const values = expected.map((_, c) => row.getCell(c + 1).value);
      // exceljs leaves OOXML's _xHHHH_ escapes as they are; Excel and LibreOffice read them
      // (the underscore of text that looks like one is written _x005F_, see LibreOffice below).
      expect(values).toEqual(expected.map((v) => (v === '_x0041_ stays' ? '_x005F_x0041_ stays' : v)));
      expect(expected.map((_, c) => row.getCell(c + 1).numFmt ?? '')).toEqual(formats);
    }
  });

  it('places cells by column past Z and across batches, leaving null cells empty', async () => {
    const wide: Cell[] = Array.from({ length: 30 }, (_, i) => (i % 7 === 3 ? null : i));
    const body = xlsxBody(
      { sheetName: 'x'.repeat(40), headers: wide.map((_, i) => `c${i}`) },
      inBatches(...Array.from({ length: 5 }, () => Array.from({ length: 400 }, () => wide))),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buffer(body)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('x'.repeat(31));
    expect(sheet.rowCount).toBe(2001);
    for (const r of [2, 1000, 2001]) {
      const row = sheet.getRow(r);
      expect(wide.map((_, c) => row.getCell(c + 1).value)).toEqual(wide);
    }
    expect(sheet.getRow(1).getCell(30).value).toBe('c29');
  });

  it('reads batches only as the reader takes the file, and returns them when the reader leaves', async () => {
    let read = 0;
    let returned = false;
    const batch = Array.from({ length: 1000 }, (_, i): Cell[] => [`order ${i}`, i, usd(i * 101)]);
    async function* endless() {
      try {
        for (;;) {
          // As from the database: the next batch after a turn of the event loop.
          await new Promise((resolve) => setImmediate(resolve));
          read++;
          yield batch;
        }
      } finally {
        returned = true;
      }
    }
    const body = xlsxBody({ sheetName: 's', headers: ['a', 'b', 'c'] }, endless());
    // Nobody reads: the writer stops once the buffers between it and the reader are full.
    let before = -1;
    for (let waited = 0; read !== before && waited < 10000; waited += 250) {
      before = read;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(read).toBe(before);
    expect(read).toBeLessThan(50);
    // Some of the file is taken, then the reader leaves: the batches are returned.
    for await (const chunk of body) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    await expect.poll(() => returned, { timeout: 5000 }).toBe(true);
    expect(body.destroyed).toBe(true);
  });

  it('fails the stream with the batches’ error', async () => {
    async function* failing() {
      yield rows;
      throw new Error('the database went away');
    }
    await expect(buffer(xlsxBody(layout, failing()))).rejects.toThrow('the database went away');
  });
});

/** LibreOffice's soffice on the PATH, or null. */
const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0 ? 'soffice' : null;
const inCi = process.env.CI === 'true';
if (!soffice && !inCi)
  console.warn(
    'tests/unit/xlsxWriter.test.ts: soffice (LibreOffice) not found, its check is SKIPPED here and fails in CI ' +
      '(apt-get install -y --no-install-recommends libreoffice-calc-nogui; .ci/run does)',
  );

describe('the XLSX writer in LibreOffice', () => {
  it.skipIf(!soffice && !inCi)(
    'opens the file and shows each cell as written, amounts with their currency’s decimals',
    async () => {
      expect(
        soffice,
        'soffice (LibreOffice) is needed: .ci/run installs libreoffice-calc-nogui',
      ).not.toBeNull();
      const xlsx = join(dir, 'export.xlsx');
      writeFileSync(xlsx, await file());
      const out = join(dir, 'csv');
      // A profile of its own (a parallel run's soffice would take the conversion over). The
      // filter's options: comma, double quotes, UTF-8, from line 1, …, cells as shown (the
      // number formats applied), and one file per sheet named after it.
      const profile = mkdtempSync(join(tmpdir(), 'lo-'));
      try {
        await promisify(execFile)(
          soffice!,
          [
            '--headless',
            `-env:UserInstallation=file://${profile}`,
            '--convert-to',
            'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1',
            '--outdir',
            out,
            xlsx,
          ],
          { timeout: 60000 },
        );
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
      expect(readdirSync(out)).toEqual(['export-注文 & 返金 <一覧>.csv']);
      const lines = parse(readFileSync(join(out, readdirSync(out)[0])), { bom: true }) as string[][];
      expect(lines).toEqual([
        ["'=Text", ...layout.headers.slice(1)],
        [
          'a<b & "c" > d',
          '日本語テキスト',
          '絵文字 😀',
          'bell and nul gone',
          "'=1+1",
          '42',
          '',
          '1,200',
          '1,234.56',
          '-0.05',
        ],
        [
          'two\nlines\tand a tab',
          'ｶﾀｶﾅ・ひらがな',
          'lone  half',
          '_x0041_ stays',
          "'@SUM(A1)",
          '-1.5',
          '',
          '-98,765',
          '0.00',
          '1.00',
        ],
      ]);
    },
    60000,
  );
});
