import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { Catalogue } from '../../src/contract/locale';
import { padGlyphs } from './ttfPad';

/**
 * The fonts a PDF is set in, shipped by npm packages (never the system's, never fetched): Noto
 * Sans JP (Japanese glyph forms, JIS kanji, Latin) and Noto Sans SC (GB 18030 hanzi, kana and
 * half-width kana, Latin). One font cannot serve both languages: SC draws 直, 骨, 税 and the
 * shinnyo of 込 and 適 in their Chinese forms, and JP has no 结, 账 or 汇. A document is set in
 * its language's face and falls back to the other one, character by character, for what its face
 * lacks (a Chinese company name on a Japanese statement). Only TrueType files: fontkit's CFF
 * subsets (the .otf builds) come out unreadable.
 */
export type Face = 'jp' | 'sc';
export type Weight = 'regular' | 'bold';

const FILES: Record<Face, Record<Weight, string>> = {
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

/** The faces a language's text tries, in order. English names are mostly Japanese companies. */
export const FACE_ORDER: Record<Catalogue, readonly Face[]> = {
  ja: ['jp', 'sc'],
  'zh-cn': ['sc', 'jp'],
  en: ['jp', 'sc'],
};

interface LoadedFont {
  bytes: Uint8Array;
  postscriptName: string;
  covers: ReadonlySet<number>;
}

const resolve = createRequire(import.meta.url).resolve;
/** Read once per process, when first needed (10–21 MB a face): fonts never change. */
const loaded = new Map<string, Promise<LoadedFont>>();

async function read(face: Face, weight: Weight): Promise<LoadedFont> {
  const file = await readFile(resolve(FILES[face][weight]));
  const bytes = padGlyphs(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
  const parsed = fontkit.create(bytes);
  return {
    bytes,
    postscriptName: parsed.postscriptName ?? `NotoSans${face.toUpperCase()}-${weight}`,
    covers: new Set(parsed.characterSet),
  };
}

function load(face: Face, weight: Weight): Promise<LoadedFont> {
  const key = `${face}:${weight}`;
  let font = loaded.get(key);
  if (!font) {
    font = read(face, weight);
    // A failed read is not kept: the next document tries again.
    font.catch(() => loaded.delete(key));
    loaded.set(key, font);
  }
  return font;
}

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0) ?? 0).filter((cp) => cp >= 0x20);

/**
 * Whether `faces` together can draw every character of `text`. A face is read only when the ones
 * before it lack something, so a Japanese document never loads the Chinese face for nothing.
 */
export async function canDraw(faces: readonly Face[], text: string): Promise<boolean> {
  let missing = codePoints(text);
  for (const face of faces) {
    if (missing.length === 0) break;
    const { covers } = await load(face, 'regular');
    missing = missing.filter((cp) => !covers.has(cp));
  }
  return missing.length === 0;
}

/** One face embedded in a document: both weights (their character sets are the same). */
export interface PdfFace {
  regular: PDFFont;
  bold: PDFFont;
  covers: ReadonlySet<number>;
}

/**
 * A subset's name tag (PDF 32000 9.6.4: six capitals and "+", different for different subsets of
 * one font): derived from the document's text, so the same statement gets the same names.
 */
function subsetTag(texts: readonly string[], key: string): string {
  const digest = createHash('sha256').update(key).update(texts.join('\n')).digest();
  return Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

/**
 * Embeds, subsetted, the faces a document needs for `texts` (all it will draw): its language's
 * first face always, a further one only when some character is in none of the faces before it.
 */
export async function embedFaces(
  doc: PDFDocument,
  language: Catalogue,
  texts: readonly string[],
): Promise<PdfFace[]> {
  doc.registerFontkit(fontkit);
  const wanted = new Set(texts.flatMap(codePoints));
  const faces: PdfFace[] = [];
  for (const face of FACE_ORDER[language]) {
    const regular = await load(face, 'regular');
    if (faces.length > 0 && ![...wanted].some((cp) => regular.covers.has(cp))) continue;
    const bold = await load(face, 'bold');
    const embed = (f: LoadedFont, weight: Weight) =>
      doc.embedFont(f.bytes, {
        subset: true,
        customName: `${subsetTag(texts, `${face}:${weight}`)}+${f.postscriptName}`,
      });
    faces.push({
      regular: await embed(regular, 'regular'),
      bold: await embed(bold, 'bold'),
      covers: regular.covers,
    });
    for (const cp of [...wanted]) if (regular.covers.has(cp)) wanted.delete(cp);
    if (wanted.size === 0) break;
  }
  return faces;
}
