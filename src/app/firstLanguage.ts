import { catalogueOf } from '../contract/locale';
import { loadCatalogue } from '../i18n/load';
import { sessionStore } from '../services/storage';

/**
 * The catalogue of the language the console opens in (the one kept in the browser, else
 * Japanese), asked for first thing: main.tsx imports this module before any other, so the
 * chunk comes while React, Chakra and the machines are still being set up, and the first
 * render waits for it. A session that turns out to speak another language loads that one too
 * (app/i18n.tsx `useShownLanguage`).
 */
export const firstLanguage: Promise<void> = loadCatalogue(catalogueOf(sessionStore.getLocale()));
