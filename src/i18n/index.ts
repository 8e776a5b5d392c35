import rosetta from 'rosetta';
import type { Catalogue } from '../contract/locale';
import type { MessageRef } from '../contract/validation';
import type { AreaCatalogue, Dict } from './define';
import common from './common';
import menu from './menu';
import validation from './validation';
import auth from './auth';
import account from './account';
import server from './server';
import shell from './shell';
import setup from './setup';
import org from './org';
import audit from './audit';
import orgScreens from './orgScreens';
import payments from './payments';
import orderScreens from './orderScreens';
import linkScreens from './linkScreens';

/** Every area catalogue. Add a new area here; the catalogue test checks all three languages. */
export const AREAS: Record<string, AreaCatalogue> = {
  common,
  menu,
  validation,
  auth,
  account,
  server,
  shell,
  setup,
  org,
  audit,
  payments,
  orgScreens,
  orderScreens,
  linkScreens,
};
export const CATALOGUES: readonly Catalogue[] = ['ja', 'zh-cn', 'en'];

function merge(lang: Catalogue): Dict {
  return Object.assign({}, ...Object.values(AREAS).map((a) => a[lang]));
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A translator for one language. Missing keys show the key itself (and fail the catalogue test). */
export function createTranslator(lang: Catalogue): Translate {
  const r = rosetta<Dict>({ [lang]: merge(lang) });
  r.locale(lang);
  return (key, values) => {
    const out = r.t(key, values as Record<string, unknown>);
    return out === '' ? key : out;
  };
}

/** Render a validation message reference, with the field's label in place of its name. */
export function renderMessage(t: Translate, m: MessageRef | string): string {
  if (typeof m === 'string') return m;
  const values = { ...(m.values ?? {}) };
  if (typeof values.field === 'string') {
    const leaf =
      values.field
        .replace(/\[\d+\]/g, '')
        .split('.')
        .pop() ?? values.field;
    const label = t(`fields.${leaf}`);
    values.field = label.startsWith('fields.') ? leaf : label;
  }
  return t(m.key, values);
}
