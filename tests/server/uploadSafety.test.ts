import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/envelope';
import type { UploadReply } from '../../src/contract/uploads';
import { backends, operatorByLogin, startHarness, type Harness } from './harness';
import { count } from './payments-support';
import {
  csv,
  deflateRows,
  multipart,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetRow,
  upload,
  workbookParts,
  xlsx,
  XLSX_TYPE,
  zipOf,
  type ZipPart,
} from './uploads-support';

const UPLOAD = '/pay/pay/uploadFile';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SHEET = 'xl/worksheets/sheet1.xml';

/**
 * Workbooks made to hurt (issue #12, fault 6): a sheet of 40,000 rows of 1,000 characters,
 * 44.7 MB inflated from about 560 KB, like the 583 KB → 166 MB file of the report, and the
 * tricks around it. Each is refused with INVALID on `file`; none may stall the server.
 */
async function bombs() {
  const long = 'A'.repeat(1000);
  const rows = (times: number) =>
    deflateRows({
      head: SHEET_HEAD + sheetRow(1, ['amount', 'subject']),
      row: (i) => sheetRow(i + 1, ['1', long]),
      times,
      tail: SHEET_TAIL,
    });
  const big = await rows(40_000);
  // Just under the 32 MB an entry may declare, honestly: read to the end in the worker.
  const atLimit = await rows(30_000);
  return {
    /** Declares its 44.7 MB: refused from the directory before anything is inflated. */
    declared: zipOf(workbookParts({ name: SHEET, deflated: big })),
    /** Declares 900 KB and inflates 44.7 MB: stopped as soon as it passes 900 KB. */
    lying: zipOf(workbookParts({ name: SHEET, deflated: big, declaredSize: 900_000 })),
    /** The same compressed bytes named three times (an overlapping-entry bomb). */
    overlapping: zipOf(
      [
        { name: SHEET, deflated: big, declaredSize: 900_000 },
        ...workbookParts('').filter((p) => p.name !== SHEET),
      ],
      { overlap: ['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml'] },
    ),
    /** Within every declared limit: 33.5 MB read in the worker, 30,000 rows counted. */
    atLimit: zipOf(workbookParts({ name: SHEET, deflated: atLimit })),
  };
}

describe.each(backends)('uploaded files on $name', (backend) => {
  let h: Harness;
  let coAdmin: string;
  const links = () => count(h, 'pay_links');
  /** A login like co-admin's (same company and role) working in another language. */
  const coAdminIn = async (workingLanguage: string) => {
    const { id: _, loginId, ...same } = await operatorByLogin(h.db, 'co-admin');
    await h.createOperator({ ...same, loginId: `${loginId}-${workingLanguage}`, workingLanguage });
    return h.token(`${loginId}-${workingLanguage}`);
  };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    coAdmin = await h.token('co-admin');
  });
  afterAll(() => h?.close());

  it('refuses workbook bombs sent together while /healthz keeps answering and memory stays bounded', async () => {
    const files = await bombs();
    expect(files.declared.length).toBeLessThan(700_000);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const before = await links();

    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
    const latencies: number[] = [];
    let uploading = true;
    const health = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await fetch(`${base}/healthz`);
        expect(res.status).toBe(200);
        await res.text();
        latencies.push(performance.now() - started);
        await sleep(20);
      }
    })();
    const send = async (name: string, data: Buffer) => {
      const { payload, contentType } = multipart({}, { name: `${name}.xlsx`, type: XLSX_TYPE, data });
      const res = await fetch(`${base}/api${UPLOAD}`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-submit-token': coAdmin },
        body: new Uint8Array(payload),
      });
      return { name, body: (await res.json()) as Envelope<unknown> };
    };
    const replies = await Promise.all(Object.entries(files).map(([name, data]) => send(name, data)));
    uploading = false;
    await health;
    clearInterval(sampler);

    // Bounds a loaded shared machine cannot break (the figures are in bench/RESULTS.md): here
    // the slowest answer took 0.4 s with the machine at load 12; before, 9.8 s.
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(2000);
    expect(peakRss - baseRss).toBeLessThan(400 * 1024 * 1024);
    const messages = Object.fromEntries(replies.map((r) => [r.name, r.body.errors?.file]));
    for (const r of replies) expect(r.body.resultType, r.name).toBe('INVALID');
    expect(messages).toEqual({
      declared: 'Excelファイルの中身が大きすぎるため読み込めません（展開後の上限64 MB）',
      lying: 'Excelファイルを読み取れません。ファイルが壊れていないか確認してください',
      overlapping: 'Excelファイルを読み取れません。ファイルが壊れていないか確認してください',
      atLimit: '1つのファイルは1000行までです（30000行あります）',
    });
    expect(await links()).toBe(before);
  }, 120_000);

  it('decides the type by content: a workbook named .csv and CSV named .xlsx are read for what they are', async () => {
    const before = await links();
    const book = await xlsx([
      ['amount', 'subject'],
      [1200, 'named .csv'],
    ]);
    const a = await upload<UploadReply>(h, UPLOAD, coAdmin, {
      name: 'links.csv',
      type: 'text/csv',
      data: book,
    });
    expect([a.body.resultType, a.body.result?.count]).toEqual(['SUCCESS', 1]);
    const text = csv([
      ['amount', 'subject'],
      [800, 'named .xlsx'],
    ]);
    const b = await upload<UploadReply>(h, UPLOAD, coAdmin, {
      name: 'links.xlsx',
      type: XLSX_TYPE,
      data: text,
    });
    expect([b.body.resultType, b.body.result?.count]).toEqual(['SUCCESS', 1]);
    expect(await links()).toBe(before + 2);
  });

  it('refuses by content what is not a CSV or a workbook it can read, with a message of its own, and changes nothing', async () => {
    const before = await links();
    const good = (rows: string[][]) =>
      SHEET_HEAD + rows.map((r, i) => sheetRow(i + 1, r)).join('') + SHEET_TAIL;
    const ole2 = (...streams: string[]) =>
      Buffer.concat([
        Buffer.from('d0cf11e0a1b11ae1', 'hex'),
        Buffer.alloc(504),
        ...streams.map((s) =>
          Buffer.concat([Buffer.from(`${s}\0`, 'utf16le'), Buffer.alloc(64 - s.length * 2)]),
        ),
      ]);
    const many: ZipPart[] = Array.from({ length: 501 }, (_, i) => ({
      name: `xl/media/image${i}.png`,
      data: Buffer.from('x'),
    }));
    const wide = ['amount', 'subject', ...Array.from({ length: 98 }, () => ''), 'remark'];
    const cases: [string, Buffer, string][] = [
      [
        'report.pdf',
        Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
        'CSV（UTF-8）またはExcel（.xlsx）',
      ],
      [
        'binary.csv',
        Buffer.from([0x61, 0x6d, 0x6f, 0x75, 0x6e, 0x74, 0x00, 0x01, 0x02, 0x0a]),
        'CSV（UTF-8）またはExcel（.xlsx）',
      ],
      [
        'utf16.csv',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('amount\tsubject\r\n1\tx\r\n', 'utf16le')]),
        'CSV（UTF-8）またはExcel（.xlsx）',
      ],
      [
        'letter.xlsx',
        zipOf([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
        ]),
        'CSV（UTF-8）またはExcel（.xlsx）',
      ],
      [
        'old.xls',
        ole2('Root Entry', 'Workbook', 'SummaryInformation'),
        'Excel 97-2003形式（.xls）のファイルは読み込めません',
      ],
      [
        'locked.xlsx',
        ole2('Root Entry', 'EncryptionInfo', 'EncryptedPackage'),
        'パスワードで保護されたファイルは読み込めません',
      ],
      [
        'extra.xlsx',
        zipOf(
          workbookParts(
            good([
              ['amount', 'subject'],
              ['1', 'x'],
            ]),
            [{ name: 'payload.exe', data: Buffer.from('MZ') }],
          ),
        ),
        'Excelブックにない内容が含まれています（payload.exe）',
      ],
      [
        'escape.xlsx',
        zipOf(
          workbookParts(
            good([
              ['amount', 'subject'],
              ['1', 'x'],
            ]),
            [{ name: 'xl/../../etc/cron.d/x', data: Buffer.from('x') }],
          ),
        ),
        'Excelブックにない内容が含まれています（xl/../../etc/cron.d/x）',
      ],
      [
        'parts.xlsx',
        zipOf(
          workbookParts(
            good([
              ['amount', 'subject'],
              ['1', 'x'],
            ]),
            many,
          ),
        ),
        '展開後の上限64 MB',
      ],
      ['wide.csv', csv([wide, ['1', 'x']]), '1つのファイルは100列までです'],
      [
        'wide.xlsx',
        zipOf(
          workbookParts(
            SHEET_HEAD +
              '<row r="1"><c r="A1" t="inlineStr"><is><t>amount</t></is></c><c r="CX1" t="inlineStr"><is><t>remark</t></is></c></row>' +
              SHEET_TAIL,
          ),
        ),
        '1つのファイルは100列までです',
      ],
      [
        'long.csv',
        csv([
          ['amount', 'subject'],
          ['1', 'x'.repeat(2001)],
        ]),
        '2行目に2000文字を超えるセルがあります',
      ],
      [
        'long.xlsx',
        zipOf(
          workbookParts(
            good([
              ['amount', 'subject'],
              ['1', 'ok'],
              ['1', 'x'.repeat(2001)],
            ]),
          ),
        ),
        '3行目に2000文字を超えるセルがあります',
      ],
      [
        'rows.xlsx',
        zipOf(
          workbookParts(good([['amount', 'subject'], ...Array.from({ length: 1001 }, () => ['1', 'x'])])),
        ),
        '1つのファイルは1000行までです（1001行あります）',
      ],
      [
        'huge.csv',
        Buffer.concat([csv([['amount', 'subject']]), Buffer.alloc(12 * 1024 * 1024, 0x41)]),
        'ファイルが大きすぎます（最大2 MB）',
      ],
    ];
    for (const [name, data, text] of cases) {
      const r = await upload(h, UPLOAD, coAdmin, { name, data });
      expect(r.body.resultType, name).toBe('INVALID');
      expect(Object.keys(r.body.errors ?? {}), name).toEqual(['file']);
      expect(r.body.errors?.file, name).toContain(text);
    }
    // The same refusals in the other languages a user can work in.
    const zh = await upload(h, UPLOAD, await coAdminIn('zh_cn'), { name: 'old.xls', data: ole2('Workbook') });
    expect(zh.body.errors?.file).toBe(
      '不支持Excel 97-2003格式（.xls）的文件，请另存为Excel工作簿（.xlsx）或CSV UTF-8',
    );
    const en = await upload(h, UPLOAD, await coAdminIn('en'), {
      name: 'locked.xlsx',
      data: ole2('EncryptedPackage'),
    });
    expect(en.body.errors?.file).toBe(
      'Password-protected files cannot be read; remove the password, save and upload again',
    );
    expect(await links()).toBe(before);
  }, 120_000);

  it('refuses a file its worker cannot read within the time limit', async () => {
    const before = await links();
    const data = await xlsx([
      ['amount', 'subject'],
      ...Array.from({ length: 1000 }, (_, i) => [i + 1, `row ${i}`]),
    ]);
    const limit = h.config.uploadTimeoutMs;
    h.config.uploadTimeoutMs = 1;
    try {
      const r = await upload(h, UPLOAD, coAdmin, { name: 'slow.xlsx', data });
      expect(r.body.resultType).toBe('INVALID');
      expect(r.body.errors?.file).toBe(
        'ファイルが複雑すぎるため読み込みを中止しました。ファイルを分けてアップロードしてください',
      );
    } finally {
      h.config.uploadTimeoutMs = limit;
    }
    expect(await links()).toBe(before);
    // The next upload gets a fresh worker and is read as usual.
    const small = await xlsx([
      ['amount', 'subject'],
      [1, 'after a refusal'],
    ]);
    const again = await upload<UploadReply>(h, UPLOAD, coAdmin, { name: 'small.xlsx', data: small });
    expect([again.body.resultType, again.body.result?.count]).toEqual(['SUCCESS', 1]);
    expect(await links()).toBe(before + 1);
  }, 120_000);
});
