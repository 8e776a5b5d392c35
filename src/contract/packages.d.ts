/** A package of the contract that ships no types: only what it uses (the Zengin name conversion). */

declare module 'moji' {
  /** ZE/HE full/half-width ASCII, HG hiragana, KK katakana, ZS/HS spaces, ZK/HK full/half-width kana. */
  type MojiKind = 'ZE' | 'HE' | 'HG' | 'KK' | 'ZS' | 'HS' | 'ZK' | 'HK';
  interface Moji {
    convert(from: MojiKind, to: MojiKind): Moji;
    toString(): string;
  }
  function moji(text: string): Moji;
  export = moji;
}
