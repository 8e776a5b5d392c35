import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { catalogueOf, languageOf, type Catalogue, type WorkingLanguage } from '../contract/locale';
import { createTranslator, hasCatalogue, registeredCatalogues, type Translate } from '../i18n/translator';
import { loadCatalogue } from '../i18n/load';

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

/**
 * The language the console shows: `wanted` once its catalogue has arrived (it is loaded on
 * demand, one chunk per language), until then the one shown before. The first language is
 * loaded before the first render (app/firstLanguage.ts).
 */
export function useShownLanguage(wanted: WorkingLanguage): WorkingLanguage {
  const ready = hasCatalogue(catalogueOf(wanted));
  const [shown, setShown] = useState<WorkingLanguage>(() => {
    if (ready) return wanted;
    const loaded = registeredCatalogues()[0];
    return loaded ? languageOf(loaded) : wanted;
  });
  useEffect(() => {
    if (ready) {
      // What the page shows now: the language to keep while a next one comes.
      setShown(wanted);
      return;
    }
    let current = true;
    loadCatalogue(catalogueOf(wanted)).then(
      () => current && setShown(wanted),
      () => {
        // Not reachable (offline): the console stays in the language it shows.
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, ready]);
  return ready ? wanted : shown;
}

const I18nContext = createContext<I18nValue | null>(null);

const HTML_LANG: Record<WorkingLanguage, string> = { jp: 'ja', zh_cn: 'zh-CN', en: 'en' };

/** The language's texts for what is below; a language whose catalogue is still coming shows the one before. */
export function I18nProvider({ locale: wanted, children }: { locale: WorkingLanguage; children: ReactNode }) {
  const locale = useShownLanguage(wanted);
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
