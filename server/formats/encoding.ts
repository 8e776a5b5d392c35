/**
 * The bytes of a statement file: size and binary guards, the encoding (never guessed: a file
 * that decodes cleanly in more than one candidate and whose header does not settle it is
 * refused), decoding and encoding, and the content hash of idempotent imports.
 */
import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { HEADERS } from './columns';
import { csvRecords } from './csv';
import { refusal, type StatementEncoding, type StatementRefusal } from './types';

/** Larger files are refused whole ('size'): a brand-day of a busy merchant is a few MB. */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024;

const BOM = [0xef, 0xbb, 0xbf];
const hasBom = (b: Uint8Array) => b.length >= 3 && b[0] === BOM[0] && b[1] === BOM[1] && b[2] === BOM[2];

/** sha256 of the bytes, hex. */
export const contentHash = (buffer: Uint8Array): string => createHash('sha256').update(buffer).digest('hex');

/** 1-based line of a byte offset (counting LF bytes, which no candidate encoding uses inside a character). */
export function lineAt(buffer: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < buffer.length; i++) if (buffer[i] === 10) line += 1;
  return line;
}

/** The size and binary guards every parser runs first. */
export function guardBytes(buffer: Uint8Array): StatementRefusal | null {
  if (buffer.length > MAX_STATEMENT_BYTES)
    return refusal(0, 'size', `the file has ${buffer.length} bytes, more than ${MAX_STATEMENT_BYTES}`);
  const nul = buffer.indexOf(0);
  if (nul !== -1)
    return refusal(lineAt(buffer, nul), 'binary', `a NUL byte at offset ${nul}: not a text file`);
  if (buffer.length === 0) return refusal(1, 'truncated', 'the file is empty');
  return null;
}

/** Offset of the first byte that is not valid UTF-8 (overlongs, surrogates and > U+10FFFF included), or -1. */
export function invalidUtf8At(b: Uint8Array, from = 0): number {
  const n = b.length;
  let i = from;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) [need, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [need, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    if (i + need >= n) return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

const ICONV_NAME = { gbk: 'gbk', shift_jis: 'cp932' } as const;

/** The text of bytes in one encoding (the BOM removed), or null when a byte does not decode. */
export function decodeStrict(buffer: Uint8Array, encoding: StatementEncoding): string | null {
  if (encoding === 'utf-8' || encoding === 'utf-8-bom') {
    const from = encoding === 'utf-8-bom' ? 3 : 0;
    if (encoding === 'utf-8-bom' && !hasBom(buffer)) return null;
    if (invalidUtf8At(buffer, from) !== -1) return null;
    return Buffer.from(buffer.buffer, buffer.byteOffset + from, buffer.length - from).toString('utf8');
  }
  const text = iconv.decode(
    Buffer.from(buffer.buffer, buffer.byteOffset, buffer.length),
    ICONV_NAME[encoding],
  );
  // iconv-lite writes U+FFFD for a byte it cannot decode; neither GBK nor Shift_JIS encodes U+FFFD.
  return text.includes('\uFFFD') ? null : text;
}

/** Bytes of a text; throws when a character has no code in the encoding (a writer's bug, not data). */
export function encodeStrict(text: string, encoding: StatementEncoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from(BOM), Buffer.from(text, 'utf8')]);
  const bytes = iconv.encode(text, ICONV_NAME[encoding]);
  if (iconv.decode(bytes, ICONV_NAME[encoding]) !== text)
    throw new RangeError(`a character of the statement has no ${encoding} code`);
  return bytes;
}

/** Whether the first record of a text is one of the layouts' headers. */
function knownHeader(text: string): boolean {
  const first = text.slice(0, 4096);
  try {
    const rec = csvRecords(first).next();
    if (rec.done) return false;
    const joined = rec.value.fields.join(',');
    return Object.values(HEADERS).some((h) => h.join(',') === joined);
  } catch {
    return false;
  }
}

export type EncodingDetection = { ok: true; encoding: StatementEncoding; text: string } | StatementRefusal;

/** An encoding's name as a refusal's detail says it. */
const ENCODING_NAMES: Record<StatementEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with a BOM',
  gbk: 'GBK',
  shift_jis: 'Shift_JIS',
};

/** "UTF-8 with a BOM, UTF-8 or GBK": the encodings a layout takes, for a refusal's detail. */
const takes = (allowed: readonly StatementEncoding[]) => allowed.map((e) => ENCODING_NAMES[e]).join(', ');

/** The refusal of a file in an encoding the layout does not take: which it is, and which it takes. */
const notAccepted = (
  line: number,
  found: readonly StatementEncoding[],
  allowed: readonly StatementEncoding[],
) =>
  refusal(
    line,
    'encodingNotAccepted',
    `${found.map((e) => ENCODING_NAMES[e]).join(' or ')}, which this layout does not take (it takes ${takes(allowed)})`,
  );

/**
 * The encoding of a statement file: UTF-8 with a BOM (then it must be valid UTF-8), valid
 * UTF-8 (ASCII included), else GBK or Shift_JIS when exactly one of them decodes every byte,
 * or when both do and exactly one of them gives a known layout header. `allowed` narrows the
 * choice to a layout's encodings. Never a silent guess; a refusal says what is true of the file:
 * 'encoding' when it is none of the three (at the line of the first byte that is not UTF-8),
 * 'encodingAmbiguous' when GBK and Shift_JIS both decode it and no header decides,
 * 'encodingNotAccepted' when it is valid in an encoding the layout does not take (named).
 */
export function detectEncoding(
  buffer: Uint8Array,
  allowed?: readonly StatementEncoding[],
): EncodingDetection {
  const guard = guardBytes(buffer);
  if (guard) return guard;
  const may = (e: StatementEncoding) => !allowed || allowed.includes(e);
  const badUtf8 = invalidUtf8At(buffer, hasBom(buffer) ? 3 : 0);
  if (hasBom(buffer)) {
    if (badUtf8 !== -1)
      return refusal(lineAt(buffer, badUtf8), 'encoding', 'a UTF-8 BOM but bytes that are not UTF-8');
    if (!may('utf-8-bom')) return notAccepted(1, ['utf-8-bom'], allowed ?? []);
    return { ok: true, encoding: 'utf-8-bom', text: decodeStrict(buffer, 'utf-8-bom')! };
  }
  if (badUtf8 === -1) {
    if (may('utf-8')) return { ok: true, encoding: 'utf-8', text: decodeStrict(buffer, 'utf-8')! };
    // ASCII is also valid GBK and Shift_JIS: a layout without UTF-8 takes it as its own encoding.
    const ascii = buffer.every((b) => b < 0x80);
    const own = (['gbk', 'shift_jis'] as const).find(may);
    if (ascii && own) return { ok: true, encoding: own, text: decodeStrict(buffer, own)! };
    return notAccepted(1, ['utf-8'], allowed ?? []);
  }
  const line = lineAt(buffer, badUtf8);
  const decoded = (['gbk', 'shift_jis'] as const)
    .map((encoding) => ({ encoding, text: decodeStrict(buffer, encoding) }))
    .filter((c): c is { encoding: 'gbk' | 'shift_jis'; text: string } => c.text !== null);
  if (decoded.length === 0)
    return refusal(line, 'encoding', 'not UTF-8, GBK or Shift_JIS: no byte sequence of any of them');
  const candidates = decoded.filter((c) => may(c.encoding));
  if (candidates.length === 0)
    return notAccepted(
      line,
      decoded.map((c) => c.encoding),
      allowed ?? [],
    );
  if (candidates.length === 1) {
    // Read as the one the layout takes it is no layout's; read as the other it is: it is the other.
    const other = decoded.find((c) => !may(c.encoding) && knownHeader(c.text));
    if (other && !knownHeader(candidates[0].text)) return notAccepted(line, [other.encoding], allowed ?? []);
    return { ok: true, ...candidates[0] };
  }
  const known = candidates.filter((c) => knownHeader(c.text));
  if (known.length === 1) return { ok: true, ...known[0] };
  return refusal(
    line,
    'encodingAmbiguous',
    'both GBK and Shift_JIS decode it and no header decides: undecidable',
  );
}
