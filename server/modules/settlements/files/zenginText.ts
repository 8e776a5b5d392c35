import iconv from 'iconv-lite';
import moji from 'moji';
import { graphemes, unwritable } from './batchFile';

/**
 * The characters of a Zengin file (docs/settlement.md, "Bank files"): names in
 * half-width katakana without ｦ or small kana, the voiced marks ﾞ ﾟ as bytes of their own, A–Z,
 * 0–9, space and ( ) - . ; every field padded by Shift_JIS bytes.
 */

/** Microsoft's Shift_JIS, what Japanese banking software reads and writes. */
export const ZENGIN_ENCODING = 'cp932';

/** ｱ–ﾝ with ﾞ ﾟ (U+FF71–FF9F), upper-case letters, digits and the four symbols. */
const WRITABLE = /^[\uFF71-\uFF9FA-Z0-9 ().-]+$/;

/**
 * Zengin's standard abbreviations of legal-entity words: "ｶ)" when the word leads the name
 * (前株), "(ｶ" when it trails (後株), "(ｶ)" in the middle. Matched after hiragana became
 * katakana and full-width ASCII became ASCII, so （株） is (株).
 */
const ENTITIES: readonly { words: readonly string[]; abbr: string }[] = [
  { words: ['株式会社', 'カブシキガイシャ', 'カブシキカイシャ', '(株)', '㈱'], abbr: 'カ' },
  { words: ['有限会社', 'ユウゲンガイシャ', 'ユウゲンカイシャ', '(有)', '㈲'], abbr: 'ユ' },
  { words: ['合同会社', 'ゴウドウガイシャ', 'ゴウドウカイシャ'], abbr: 'ド' },
];

const escape = (s: string) => s.replace(/[()]/g, '\\$&');
const ENTITY_RES = ENTITIES.map(({ words, abbr }) => ({
  re: new RegExp(` *(?:${words.map(escape).join('|')}) *`, 'g'),
  abbr,
}));

function abbreviateEntities(name: string): string {
  return ENTITY_RES.reduce(
    (text, { re, abbr }) =>
      text.replace(re, (word: string, at: number, whole: string) => {
        if (at === 0) return `${abbr})`;
        if (at + word.length === whole.length) return `(${abbr}`;
        return `(${abbr})`;
      }),
    name,
  );
}

/**
 * The long vowel mark and other dashes become '-': 'ｰ' is not among the characters the notes
 * allow, and the Zengin bank list itself writes the long vowel as a hyphen (ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ).
 * The middle dot becomes '.', as banks ask account holders to write it.
 */
const DASHES = /[ー‐‑–—―−ｰ]/g;
const MIDDLE_DOTS = /[・･]/g;

/** Banks take small kana as their large forms (ｼﾔ for シャ). ヮヵヶ: moji leaves them full-width. */
const LARGE: Readonly<Record<string, string>> = {
  ｧ: 'ｱ',
  ｨ: 'ｲ',
  ｩ: 'ｳ',
  ｪ: 'ｴ',
  ｫ: 'ｵ',
  ｬ: 'ﾔ',
  ｭ: 'ﾕ',
  ｮ: 'ﾖ',
  ｯ: 'ﾂ',
  ヮ: 'ﾜ',
  ヵ: 'ｶ',
  ヶ: 'ｹ',
};
const SMALL = new RegExp(`[${Object.keys(LARGE).join('')}]`, 'g');

export type ZenginKana = { ok: true; text: string } | { ok: false; bad: string[] };

/**
 * A payee's or requester's name as a Zengin file may carry it (ガ → ｶﾞ, ｷｬ → ｷﾔ, ａ → A,
 * 株式会社 → ｶ)), or the distinct characters it cannot carry (kanji, emoji, ｦ …) as they stand
 * after the conversion. An empty name converts to ''; the caller says whether it may be empty.
 */
export function toZenginKana(name: string): ZenginKana {
  const wide = moji(name.normalize('NFC')).convert('ZE', 'HE').convert('ZS', 'HS').convert('HG', 'KK');
  const abbreviated = abbreviateEntities(wide.toString().replace(/\s+/g, ' ').trim());
  const half = moji(abbreviated.replace(DASHES, '-').replace(MIDDLE_DOTS, '.'))
    .convert('ZK', 'HK')
    .toString();
  const text = half
    .replace(SMALL, (c) => LARGE[c])
    .replace(/[a-z]/g, (c) => c.toUpperCase())
    .replace(/ +/g, ' ')
    .trim();
  const bad = unwritable(text, WRITABLE);
  return bad.length ? { ok: false, bad } : { ok: true, text };
}

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
