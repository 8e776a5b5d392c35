import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { catalogueOf, type Catalogue, type WorkingLanguage } from '../contract/locale';
import { createTranslator, type Translate } from '../i18n';

interface I18nValue {
  t: Translate;
  locale: WorkingLanguage;
}

const translators = new Map<Catalogue, Translate>();
/** One translator per catalogue for the page's lifetime (they are cheap to keep, costly to rebuild). */
export function translatorFor(locale: WorkingLanguage): Translate {
  const catalogue = catalogueOf(locale);
  let t = translators.get(catalogue);
  if (!t) {
    t = createTranslator(catalogue);
    translators.set(catalogue, t);
  }
  return t;
}

const I18nContext = createContext<I18nValue | null>(null);

const HTML_LANG: Record<WorkingLanguage, string> = { jp: 'ja', zh_cn: 'zh-CN', en: 'en' };

export function I18nProvider({ locale, children }: { locale: WorkingLanguage; children: ReactNode }) {
  const value = useMemo(() => ({ t: translatorFor(locale), locale }), [locale]);
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[locale];
  }, [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT outside I18nProvider');
  return value;
}

export const useT = (): Translate => useI18n().t;
export const useLocale = (): WorkingLanguage => useI18n().locale;

/** Sets the document title to 'page title - Kessai' (spec point 1). */
export function useDocumentTitle(title: string | null) {
  const t = useT();
  useEffect(() => {
    const app = t('app.title');
    document.title = title ? t('shell.pageTitle', { title, app }) : app;
  }, [title, t]);
}
