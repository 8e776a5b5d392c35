/** A package of the bank files that ships no types: only what the files use (moji: src/contract/packages.d.ts). */

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
