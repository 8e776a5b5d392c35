import moji from 'moji';
import { unwritable } from './text';

/**
 * A name as a Zengin file (全銀 総合振込, docs/settlement.md "Bank files") carries it: half-width
 * katakana without ｦ or small kana, the voiced marks ﾞ ﾟ as characters of their own, A–Z, 0–9,
 * space and ( ) - . — pure, in the contract: the bank files of a payout batch
 * (server/modules/settlements/files) and the forms that take such a name (the platform's paying
 * account in the settlement settings, console and server) convert and check it the same way.
 */

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
