import { catalogueOf, DEFAULT_LANGUAGE, type WorkingLanguage } from '../../src/contract/locale';
import { createTranslator, type Translate } from '../../src/i18n';

const translators = new Map<WorkingLanguage, Translate>();

/** One translator per language, built once (the catalogues never change at run time). */
export function translatorFor(lang: WorkingLanguage): Translate {
  let t = translators.get(lang);
  if (!t) {
    t = createTranslator(catalogueOf(lang));
    translators.set(lang, t);
  }
  return t;
}

/** The caller's language from Accept-Language (quality-ordered), else Japanese. */
export function languageFromHeader(header: string | string[] | undefined): WorkingLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tags = value
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    if (tag.startsWith('ja')) return 'jp';
    if (tag.startsWith('zh')) return 'zh_cn';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}
