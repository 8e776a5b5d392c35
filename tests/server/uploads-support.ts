import { randomBytes } from 'node:crypto';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Envelope } from '../../src/contract/envelope';
import type { Harness, Reply } from './harness';

/** A multipart/form-data body as a browser sends it: fields, then the file in `file`. */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | null,
): { payload: Buffer; contentType: string } {
  const boundary = `----kessai${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload<T = unknown>(
  h: Harness,
  path: string,
  token: string,
  file: { name: string; type?: string; data: Buffer } | null,
  fields: Record<string, string> = {},
  lang?: string,
): Promise<Reply<T>> {
  const { payload, contentType } = multipart(
    fields,
    file ? { type: 'application/octet-stream', ...file } : null,
  );
  const res = await h.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': contentType,
      'x-submit-token': token,
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
}

/** CSV text in UTF-8, optionally with the BOM Excel writes. */
export const csv = (rows: (string | number)[][], bom = false) =>
  Buffer.from(
    (bom ? '\uFEFF' : '') +
      rows
        .map((r) =>
          r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(','),
        )
        .join('\r\n') +
      '\r\n',
    'utf8',
  );

/** A real XLSX workbook (one sheet) as LibreOffice and Excel open it. */
export async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One entry of a ZIP written by `zipOf`: its bytes, or already deflated bytes with their size and CRC. */
export interface ZipPart {
  name: string;
  data?: Buffer;
  deflated?: { bytes: Buffer; size: number; crc: number };
  /** The uncompressed size written in the headers, when it should differ from the real one. */
  declaredSize?: number;
  /** Stored instead of deflated. */
  stored?: boolean;
}

/**
 * A ZIP archive as spreadsheet programs write one (local headers, central directory, end
 * record), for workbooks a test shapes itself: bombs, lying sizes, odd parts. `overlap`
 * repeats the first entry's data under more names, as overlapping-entry bombs do.
 */
export function zipOf(parts: ZipPart[], opts: { overlap?: string[] } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const entry = (method: number, crc: number, comp: number, size: number) => {
    const h = Buffer.alloc(16);
    h.writeUInt16LE(method, 0);
    h.writeUInt32LE(crc, 4);
    h.writeUInt32LE(comp, 8);
    h.writeUInt32LE(size, 12);
    return h;
  };
  const centralOf = (name: Buffer, fields: Buffer, at: number) => {
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    fields.copy(c, 10, 0, 2); // method
    c.writeUInt32LE(0x21, 12); // 1980-01-01
    fields.copy(c, 16, 4, 16); // crc, sizes
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(at, 42);
    return Buffer.concat([c, name]);
  };
  let first: { fields: Buffer; at: number } | null = null;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const raw = p.data ?? Buffer.alloc(0);
    const method = p.stored ? 0 : 8;
    const body = p.deflated?.bytes ?? (p.stored ? raw : deflateRawSync(raw));
    const size = p.deflated?.size ?? raw.length;
    const crc = p.deflated?.crc ?? crc32(raw);
    const fields = entry(method, crc, body.length, p.declaredSize ?? size);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    fields.copy(local, 8, 0, 2);
    local.writeUInt32LE(0x21, 10);
    fields.copy(local, 14, 4, 16);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    central.push(centralOf(name, fields, offset));
    first ??= { fields, at: offset };
    offset += 30 + name.length + body.length;
  }
  for (const name of opts.overlap ?? []) central.push(centralOf(Buffer.from(name), first!.fields, first!.at));
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** `head`, `row(i)` for i in 1..times, then `tail`, deflated as a stream (the whole never sits in memory). */
export async function deflateRows(parts: {
  head?: string;
  row: (i: number) => string;
  times: number;
  tail?: string;
}): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  const done = (async () => {
    for await (const c of deflater as AsyncIterable<Buffer>) out.push(c);
  })();
  let size = 0;
  let crc = 0;
  const write = async (text: string) => {
    const b = Buffer.from(text, 'utf8');
    size += b.length;
    crc = crc32(b, crc);
    if (!deflater.write(b)) await new Promise((r) => deflater.once('drain', r));
  };
  if (parts.head) await write(parts.head);
  for (let i = 1; i <= parts.times; i += 200) {
    let batch = '';
    for (let j = i; j < i + 200 && j <= parts.times; j++) batch += parts.row(j);
    await write(batch);
  }
  if (parts.tail) await write(parts.tail);
  deflater.end();
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}

/** The parts around a first sheet that make a minimal workbook Excel opens. */
export function workbookParts(sheet: ZipPart | string, extra: ZipPart[] = []): ZipPart[] {
  const ns = 'http://schemas.openxmlformats.org';
  const sheetPart =
    typeof sheet === 'string' ? { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) } : sheet;
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
          `</Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
          `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
          `</Relationships>`,
      ),
    },
    sheetPart,
    ...extra,
  ];
}

export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

/** A row of inline strings, the header or data, as a sheet holds it. */
export const sheetRow = (n: number, cells: string[]) =>
  `<row r="${n}">${cells
    .map((c, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${c}</t></is></c>`)
    .join('')}</row>`;
