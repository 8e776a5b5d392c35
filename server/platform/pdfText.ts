import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { PdfFace } from './pdfFonts';

/**
 * Text on a PDF page in several faces: each character is drawn in the first face that has it
 * (pdfFonts FACE_ORDER), and text is wrapped to a width the way Japanese and Chinese text is:
 * anywhere between two kana or hanzi, Latin words and numbers kept whole, and no closing mark
 * at the start of a line nor an opening one at its end (禁則). What cannot fit a line is broken
 * between characters, so nothing runs past the width it was given.
 */
export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Color;
}

/** A word: Latin letters, digits and their punctuation, kept on one line when it fits one. */
const TOKEN = /\s+|[^\s\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u3000-\u30ff\uff00-\uffef]+|./gsu;
const NO_LINE_START = /^[、。，．・：；？！）」』】〕〉》ー～…,.:;!?)\]}%]/u;
const NO_LINE_END = /[（「『【〔〈《([{]$/u;
const SPACE = /^\s+$/u;

/** Words and single characters, with what may not be parted glued together. */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const token of text.replace(/\p{Cc}/gu, ' ').match(TOKEN) ?? []) {
    const last = out.length - 1;
    const glue = last >= 0 && !SPACE.test(out[last]) && !SPACE.test(token);
    if (glue && (NO_LINE_START.test(token) || NO_LINE_END.test(out[last]))) out[last] += token;
    else out.push(token);
  }
  return out;
}

export interface Typesetter {
  width(text: string, style: TextStyle): number;
  /** The lines of `text` within `maxWidth` (at least one line, maybe empty). */
  wrap(text: string, style: TextStyle, maxWidth: number): string[];
  /** Draws one line with its baseline at `y`. */
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void;
}

export function typesetter(faces: readonly PdfFace[]): Typesetter {
  if (faces.length === 0) throw new Error('no face to set text in');
  /** Consecutive characters that take the same font. */
  const runs = (text: string, bold: boolean): { font: PDFFont; text: string }[] => {
    const out: { font: PDFFont; text: string }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      const face = faces.find((f) => f.covers.has(cp)) ?? faces[0];
      const font = bold ? face.bold : face.regular;
      const last = out[out.length - 1];
      if (last?.font === font) last.text += ch;
      else out.push({ font, text: ch });
    }
    return out;
  };
  const width = (text: string, style: TextStyle) =>
    runs(text, style.bold ?? false).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, style.size), 0);

  const wrap = (text: string, style: TextStyle, maxWidth: number) => {
    const lines: string[] = [];
    let line = '';
    const push = () => {
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
    };
    for (const token of tokens(text)) {
      if (SPACE.test(token)) {
        if (line !== '') line += ' ';
      } else if (width(line + token, style) <= maxWidth) line += token;
      else {
        push();
        if (width(token, style) <= maxWidth) line = token;
        else
          for (const ch of token) {
            if (line !== '' && width(line + ch, style) > maxWidth) push();
            line += ch;
          }
      }
    }
    push();
    return lines.length > 0 ? lines : [''];
  };

  const draw = (page: PDFPage, text: string, x: number, y: number, style: TextStyle) => {
    let at = x;
    for (const run of runs(text, style.bold ?? false)) {
      page.drawText(run.text, { x: at, y, size: style.size, font: run.font, color: style.color });
      at += run.font.widthOfTextAtSize(run.text, style.size);
    }
  };

  return { width, wrap, draw };
}
