import type { Catalogue } from '../contract/locale';
import type { Dict } from './define';
import { hasCatalogue, registerCatalogue } from './translator';

/**
 * The console's catalogues, one chunk per language: each is the language's merged catalogue as
 * JSON, made at build time from the areas (vite.config.ts, `catalogues`), so the login page
 * loads the reader's language only (about a third of the texts).
 */
const CHUNKS: Record<Catalogue, () => Promise<{ default: Dict }>> = {
  ja: () => import('virtual:kessai-catalogue/ja'),
  'zh-cn': () => import('virtual:kessai-catalogue/zh-cn'),
  en: () => import('virtual:kessai-catalogue/en'),
};

const loading = new Map<Catalogue, Promise<void>>();

/** Loads and registers a language's catalogue (once; later calls share the first). */
export function loadCatalogue(lang: Catalogue): Promise<void> {
  if (hasCatalogue(lang)) return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    p = CHUNKS[lang]().then(
      (m) => registerCatalogue(lang, m.default),
      (e: unknown) => {
        loading.delete(lang);
        throw e;
      },
    );
    loading.set(lang, p);
  }
  return p;
}
