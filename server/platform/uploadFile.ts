import { isUtf8 } from 'node:buffer';
import { FileRefusal } from './fileRefusal';
import { readZipDirectory, type ZipEntry, type ZipLimits } from './zip';

/**
 * What an uploaded file is, decided by its bytes and never by its name or the type the
 * browser sent: an XLSX workbook (a ZIP holding `[Content_Types].xml` and `xl/workbook.xml`
 * and nothing a workbook does not hold), or CSV text (UTF-8, with or without BOM, no NUL or
 * other control characters but tab and line ends). Anything else is refused, with a message
 * of its own for the two a spreadsheet program writes that cannot be read: Excel 97-2003
 * (.xls) and a password-protected workbook (both OLE2 compound files).
 */
const MiB = 1024 * 1024;

/** What a workbook may declare before anything is inflated (inflating holds entries to it). */
export const XLSX_LIMITS: ZipLimits = {
  entries: 500,
  entryBytes: 32 * MiB,
  totalBytes: 64 * MiB,
  // Worksheets of spreadsheet programs compress about 10 to 25 times.
  ratio: 100,
  ratioFrom: MiB,
};

export const unpackedTooLarge = () =>
  new FileRefusal('unpackedTooLarge', { max: `${XLSX_LIMITS.totalBytes / MiB} MB` });

/** The parts an XLSX package holds (OPC part names, compared without regard to case). */
const WORKBOOK_PART = /^(_rels|docprops|xl|customxml|docmetadata)\//;

/** A part name safe to show: printable, at most 60 characters. */
const shown = (name: string) => {
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, '?');
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
};

/** The entries of a workbook, refused unless the ZIP is an XLSX package within the limits. */
export function inspectXlsx(bytes: Buffer): ZipEntry[] {
  const entries = readZipDirectory(bytes, XLSX_LIMITS, unpackedTooLarge);
  const names = new Set(entries.map((e) => e.name.toLowerCase()));
  // A ZIP of something else (a Word file, an OpenDocument sheet, an archive) is not a workbook.
  if (!names.has('[content_types].xml') || !names.has('xl/workbook.xml')) throw new FileRefusal('badType');
  for (const e of entries) {
    const name = e.name.toLowerCase();
    const segments = name.replace(/\/$/, '').split('/');
    const safe = !/[\\\p{Cc}]/u.test(name) && segments.every((s) => s !== '' && s !== '.' && s !== '..');
    const folder = name.endsWith('/');
    if (!safe || (folder && e.size !== 0) || (name !== '[content_types].xml' && !WORKBOOK_PART.test(name)))
      throw new FileRefusal('unexpectedPart', { name: shown(e.name) });
  }
  return entries;
}

const startsWith = (b: Buffer, bytes: number[]) => bytes.every((x, i) => b[i] === x);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An OLE2 directory entry's name is UTF-16LE. */
const has = (b: Buffer, streamName: string) => b.includes(Buffer.from(streamName, 'utf16le'));

/** Tab, LF, VT, FF and CR are the only control characters text may hold. */
const hasControl = (b: Buffer) => b.some((x) => x < 0x09 || (x > 0x0d && x < 0x20));

export type UploadKind = 'xlsx' | 'csv';

/** The kind of the upload by its bytes; refuses what is neither (see the rule above). */
export function uploadKind(b: Buffer): UploadKind {
  if (startsWith(b, ZIP) || startsWith(b, EMPTY_ZIP)) return 'xlsx';
  if (startsWith(b, OLE2)) {
    // Office keeps an encrypted workbook in an OLE2 file with these streams.
    if (has(b, 'EncryptedPackage') || has(b, 'EncryptionInfo')) throw new FileRefusal('encrypted');
    if (has(b, 'Workbook') || has(b, 'Book')) throw new FileRefusal('legacyXls');
    throw new FileRefusal('badType');
  }
  if (!isUtf8(b) || hasControl(b)) throw new FileRefusal('badType');
  return 'csv';
}
