/** Working languages on the wire (spec point 3) and the console's catalogue names. */
export const WORKING_LANGUAGES = ['jp', 'zh_cn', 'en'] as const;
export type WorkingLanguage = (typeof WORKING_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: WorkingLanguage = 'jp';

export type Catalogue = 'ja' | 'zh-cn' | 'en';
export const catalogueOf = (l: WorkingLanguage): Catalogue =>
  l === 'jp' ? 'ja' : l === 'zh_cn' ? 'zh-cn' : 'en';
export const languageOf = (c: string): WorkingLanguage =>
  c === 'en' ? 'en' : c === 'zh-cn' || c === 'zh_cn' || c === 'zh' ? 'zh_cn' : 'jp';
export const isWorkingLanguage = (s: unknown): s is WorkingLanguage =>
  typeof s === 'string' && (WORKING_LANGUAGES as readonly string[]).includes(s);
