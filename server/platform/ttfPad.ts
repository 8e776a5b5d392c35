/**
 * A TrueType font with every glyph's data padded to an even length. The OpenType spec asks for
 * word-aligned glyph offsets, but Google's Noto Sans JP / SC builds store about half of their
 * glyphs at odd lengths (with long `loca` offsets, where that still reads right). fontkit's
 * subsetter (@pdf-lib/fontkit 1.1.1, which pdf-lib uses) copies the glyphs as they are and then
 * writes short offsets (offset / 2) whenever the subset is small: every glyph after an odd one
 * is then read from the wrong byte and the PDF shows blanks. Padding one zero byte after an odd
 * glyph changes no outline and makes every offset even, so the subset's short offsets are exact.
 */

const TRUETYPE = new Set([0x00010000, 0x74727565 /* 'true' */]);
const RECORD = 16;
const HEADER = 12;
/** head.checkSumAdjustment and head.indexToLocFormat. */
const HEAD_ADJUSTMENT = 8;
const HEAD_LOCA_FORMAT = 50;
const MAXP_NUM_GLYPHS = 4;

interface Table {
  tag: string;
  bytes: Uint8Array;
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const padded4 = (n: number) => (n + 3) & ~3;

function readTables(font: Uint8Array): Table[] {
  const dv = view(font);
  if (!TRUETYPE.has(dv.getUint32(0))) throw new Error('not a TrueType font (glyf outlines)');
  return Array.from({ length: dv.getUint16(4) }, (_, i) => {
    const at = HEADER + i * RECORD;
    const offset = dv.getUint32(at + 8);
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    return { tag, bytes: font.subarray(offset, offset + dv.getUint32(at + 12)) };
  });
}

/** The uint32 sum of a table (zero-padded to 4 bytes), as the table directory records it. */
function checksum(bytes: Uint8Array): number {
  const whole = new Uint8Array(padded4(bytes.length));
  whole.set(bytes);
  const dv = view(whole);
  let sum = 0;
  for (let i = 0; i < whole.length; i += 4) sum = (sum + dv.getUint32(i)) >>> 0;
  return sum;
}

type Tables = (tag: string) => Uint8Array;

/** glyf with each glyph padded to an even length, and its loca in the long format. */
function padGlyf(table: Tables): { glyf: Uint8Array; loca: Uint8Array } | null {
  const head = view(table('head'));
  const maxp = view(table('maxp'));
  const loca = view(table('loca'));
  const glyf = table('glyf');
  const count = maxp.getUint16(MAXP_NUM_GLYPHS);
  const long = head.getInt16(HEAD_LOCA_FORMAT) === 1;
  const offset = (g: number) => (long ? loca.getUint32(g * 4) : loca.getUint16(g * 2) * 2);
  let size = 0;
  for (let g = 0; g < count; g++) size += (offset(g + 1) - offset(g) + 1) & ~1;
  if (size === offset(count)) return null;
  const out = new Uint8Array(size);
  const outLoca = new Uint8Array((count + 1) * 4);
  const outLocaView = view(outLoca);
  let at = 0;
  for (let g = 0; g < count; g++) {
    outLocaView.setUint32(g * 4, at);
    out.set(glyf.subarray(offset(g), offset(g + 1)), at);
    at += (offset(g + 1) - offset(g) + 1) & ~1;
  }
  outLocaView.setUint32(count * 4, at);
  return { glyf: out, loca: outLoca };
}

/** The font with even-length glyphs; the same bytes when they already are. */
export function padGlyphs(font: Uint8Array): Uint8Array {
  const tables = readTables(font);
  const table: Tables = (tag) => {
    const found = tables.find((t) => t.tag === tag);
    if (!found) throw new Error(`the font has no ${tag} table`);
    return found.bytes;
  };
  const fixed = padGlyf(table);
  if (!fixed) return font;
  const head = table('head').slice();
  view(head).setInt16(HEAD_LOCA_FORMAT, 1);
  view(head).setUint32(HEAD_ADJUSTMENT, 0);
  const replaced: Record<string, Uint8Array> = { ...fixed, head };
  const out = new Uint8Array(
    HEADER +
      tables.length * RECORD +
      tables.reduce((n, t) => n + padded4((replaced[t.tag] ?? t.bytes).length), 0),
  );
  const dv = view(out);
  out.set(font.subarray(0, HEADER));
  let at = HEADER + tables.length * RECORD;
  tables.forEach((t, i) => {
    const bytes = replaced[t.tag] ?? t.bytes;
    const record = HEADER + i * RECORD;
    out.set(new TextEncoder().encode(t.tag), record);
    dv.setUint32(record + 4, checksum(bytes));
    dv.setUint32(record + 8, at);
    dv.setUint32(record + 12, bytes.length);
    out.set(bytes, at);
    at += padded4(bytes.length);
  });
  const headAt = dv.getUint32(HEADER + tables.findIndex((t) => t.tag === 'head') * RECORD + 8);
  dv.setUint32(headAt + HEAD_ADJUSTMENT, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}
