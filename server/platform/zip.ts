import { crc32, createInflateRaw } from 'node:zlib';
import { FileRefusal } from './fileRefusal';

/**
 * A small ZIP reader for uploaded workbooks. The central directory is read and checked
 * before a byte is inflated (entry count, each entry's declared size, their total, the
 * compression ratio, that the local headers agree and that no two entries share bytes);
 * inflating then holds every entry to its declared size and checksum, and stops the moment
 * it inflates more, since declared sizes are whatever the sender wrote.
 */
export interface ZipEntry {
  name: string;
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  /** Uncompressed size as declared. */
  size: number;
  dataStart: number;
}

export interface ZipLimits {
  entries: number;
  /** Declared uncompressed size of one entry. */
  entryBytes: number;
  /** Declared uncompressed size of all entries. */
  totalBytes: number;
  /** Uncompressed : compressed, checked for entries above `ratioFrom` bytes. */
  ratio: number;
  ratioFrom: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const FULL16 = 0xffff;
const FULL32 = 0xffffffff;

const corrupt = () => new FileRefusal('corrupt');

function u64(b: Buffer, at: number): number {
  if (at + 8 > b.length) throw corrupt();
  const n = b.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(n);
}

const u16 = (b: Buffer, at: number) => {
  if (at + 2 > b.length) throw corrupt();
  return b.readUInt16LE(at);
};
const u32 = (b: Buffer, at: number) => {
  if (at + 4 > b.length) throw corrupt();
  return b.readUInt32LE(at);
};

/** The end of central directory record: the last 22 bytes, or before a comment of up to 64 KiB. */
function findEnd(b: Buffer): number {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - FULL16); i--)
    if (b.readUInt32LE(i) === EOCD) return i;
  throw corrupt();
}

/** Sizes and offset a ZIP64 extra field carries for the fields set to 0xFFFFFFFF. */
function zip64Extra(b: Buffer, from: number, to: number, wanted: ('size' | 'compressed' | 'offset')[]) {
  const out: Partial<Record<'size' | 'compressed' | 'offset', number>> = {};
  for (let p = from; p + 4 <= to;) {
    const id = b.readUInt16LE(p);
    const len = b.readUInt16LE(p + 2);
    if (p + 4 + len > to) throw corrupt();
    if (id === 0x0001) {
      if (len < wanted.length * 8) throw corrupt();
      wanted.forEach((w, i) => (out[w] = u64(b, p + 4 + i * 8)));
      return out;
    }
    p += 4 + len;
  }
  throw corrupt();
}

/** Every entry of the archive, checked against `limits`; refuses before anything is inflated. */
export function readZipDirectory(b: Buffer, limits: ZipLimits, tooLarge: () => FileRefusal): ZipEntry[] {
  const end = findEnd(b);
  // One disk only: a spanned archive is not a workbook.
  if (u16(b, end + 4) !== 0 || u16(b, end + 6) !== 0 || u16(b, end + 8) !== u16(b, end + 10)) throw corrupt();
  let count = u16(b, end + 10);
  let dirSize = u32(b, end + 12);
  let dirStart = u32(b, end + 16);
  let dirLimit = end;
  if (count === FULL16 || dirSize === FULL32 || dirStart === FULL32) {
    const locator = end - 20;
    if (locator < 0 || u32(b, locator) !== EOCD64_LOCATOR) throw corrupt();
    const at = u64(b, locator + 8);
    if (at + 56 > locator || u32(b, at) !== EOCD64) throw corrupt();
    count = u64(b, at + 32);
    dirSize = u64(b, at + 40);
    dirStart = u64(b, at + 48);
    dirLimit = at;
  }
  if (count > limits.entries) throw tooLarge();
  if (dirStart + dirSize > dirLimit) throw corrupt();
  const dirEnd = dirStart + dirSize;

  const entries: (ZipEntry & { localStart: number })[] = [];
  const seen = new Set<string>();
  let total = 0;
  let p = dirStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dirEnd || u32(b, p) !== CENTRAL) throw corrupt();
    const flags = u16(b, p + 8);
    const method = u16(b, p + 10);
    const crc = u32(b, p + 16);
    let compressedSize = u32(b, p + 20);
    let size = u32(b, p + 24);
    const nameLength = u16(b, p + 28);
    const extraLength = u16(b, p + 30);
    const commentLength = u16(b, p + 32);
    let localStart = u32(b, p + 42);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > dirEnd) throw corrupt();
    const nameBytes = b.subarray(p + 46, p + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    const wanted = [
      ...(size === FULL32 ? (['size'] as const) : []),
      ...(compressedSize === FULL32 ? (['compressed'] as const) : []),
      ...(localStart === FULL32 ? (['offset'] as const) : []),
    ];
    if (wanted.length) {
      const extra = zip64Extra(b, p + 46 + nameLength, p + 46 + nameLength + extraLength, wanted);
      size = extra.size ?? size;
      compressedSize = extra.compressed ?? compressedSize;
      localStart = extra.offset ?? localStart;
    }
    // ZIP encryption and methods other than stored and deflate: no spreadsheet program writes them.
    if (flags & 1 || (method !== 0 && method !== 8)) throw corrupt();
    if (method === 0 && compressedSize !== size) throw corrupt();
    const key = name.toLowerCase();
    if (seen.has(key)) throw corrupt();
    seen.add(key);
    total += size;
    if (size > limits.entryBytes || total > limits.totalBytes) throw tooLarge();
    if (size > limits.ratioFrom && size > compressedSize * limits.ratio) throw tooLarge();
    // The local header must name the same entry; its data must end before the directory.
    if (localStart + 30 > dirStart || u32(b, localStart) !== LOCAL) throw corrupt();
    const localName = u16(b, localStart + 26);
    const localExtra = u16(b, localStart + 28);
    if (
      localName !== nameLength ||
      !b.subarray(localStart + 30, localStart + 30 + localName).equals(nameBytes)
    )
      throw corrupt();
    const dataStart = localStart + 30 + localName + localExtra;
    if (dataStart + compressedSize > dirStart) throw corrupt();
    entries.push({ name, method, crc, compressedSize, size, dataStart, localStart });
    p = next;
  }
  // Entries never share bytes: overlapping entries inflate the same data again and again.
  const inOrder = [...entries].sort((x, y) => x.localStart - y.localStart);
  for (let i = 1; i < inOrder.length; i++) {
    const before = inOrder[i - 1];
    if (inOrder[i].localStart < before.dataStart + before.compressedSize) throw corrupt();
  }
  return entries.map(({ localStart: _, ...e }) => e);
}

const SLICE = 64 * 1024;

/**
 * The entry's bytes as they inflate, chunk by chunk. More bytes than declared stops the
 * inflater at once; fewer, or a checksum that differs, refuses the file at the end.
 */
export async function* inflateEntry(b: Buffer, e: ZipEntry): AsyncGenerator<Buffer> {
  const data = b.subarray(e.dataStart, e.dataStart + e.compressedSize);
  let crc = 0;
  let total = 0;
  if (e.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) {
      const chunk = data.subarray(at, at + SLICE);
      crc = crc32(chunk, crc);
      yield chunk;
    }
    total = data.length;
  } else {
    const inflater = createInflateRaw({ chunkSize: SLICE });
    inflater.end(data);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > e.size) throw corrupt();
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof FileRefusal) throw err;
      throw corrupt();
    } finally {
      inflater.destroy();
    }
  }
  if (total !== e.size || crc !== e.crc) throw corrupt();
}
