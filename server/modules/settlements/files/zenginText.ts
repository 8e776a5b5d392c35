import iconv from 'iconv-lite';
import { graphemes } from '../../../../src/contract/text';

/**
 * The fields of a Zengin file (docs/settlement.md, "Bank files"), padded by Shift_JIS bytes. The
 * names in them are converted by `toZenginKana` (src/contract/zenginKana.ts), which the console's
 * forms use too.
 */

/** Microsoft's Shift_JIS, what Japanese banking software reads and writes. */
export const ZENGIN_ENCODING = 'cp932';

/** Bytes of a text in Shift_JIS (a half-width kana or a voiced mark is one, a kanji two). */
export const sjisLength = (text: string) => iconv.encode(text, ZENGIN_ENCODING).length;

/**
 * A C field: the text left-aligned and space-filled to `bytes` Shift_JIS bytes. A longer text is
 * cut between characters, never inside one, and a kana keeps its voiced mark (ｶﾞ is one grapheme:
 * a ｶ without its ﾞ would name someone else); `truncated` says it was cut.
 */
export function padC(text: string, bytes: number): { text: string; truncated: boolean } {
  let kept = '';
  let used = 0;
  for (const g of graphemes(text)) {
    const size = sjisLength(g);
    if (used + size > bytes) return { text: kept + ' '.repeat(bytes - used), truncated: true };
    kept += g;
    used += size;
  }
  return { text: kept + ' '.repeat(bytes - used), truncated: false };
}

/**
 * An N field: the digits right-aligned and zero-filled. Callers check their values first (a
 * batch is refused with its problems listed), so a value that does not fit is a bug here.
 */
export function padN(value: number | string, digits: number): string {
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value;
  if (!/^\d+$/.test(text) || text.length > digits) {
    throw new RangeError(`not ${digits} digits: ${String(value)}`);
  }
  return text.padStart(digits, '0');
}
