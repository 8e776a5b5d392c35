/** The two packages of the bank files that ship no types: only what the files use. */

declare module 'zengin-code' {
  interface ZenginBranch {
    code: string;
    name: string;
    /** Full-width katakana, as the Zengin system registers it (ミズホ, トウキヨウ). */
    kana: string;
    hira: string;
    roma: string;
  }
  interface ZenginBank extends ZenginBranch {
    branches: Record<string, ZenginBranch>;
  }
  /** Every bank by its 4-digit code. */
  const banks: Record<string, ZenginBank>;
  export = banks;
}

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
