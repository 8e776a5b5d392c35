import { randomBytes } from 'node:crypto';
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
