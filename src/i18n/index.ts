import rosetta from 'rosetta';
import type { Catalogue } from '../contract/locale';
import type { MessageRef } from '../contract/validation';
import type { AreaCatalogue, Dict, Leaves } from './define';
import common from './common';
import menu from './menu';
import validation from './validation';
import auth from './auth';
import account from './account';
import server from './server';
import shell from './shell';
import access from './access';
import org from './org';
import audit from './audit';
import orgScreens from './orgScreens';
import payments from './payments';
import orders from './orders';
import links from './links';

/** Every area catalogue. Add a new area here; the catalogue test checks all three languages. */
export const AREAS = {
  common,
  menu,
  validation,
  auth,
  account,
  server,
  shell,
  access,
  org,
  audit,
  payments,
  orgScreens,
  orders,
  links,
} satisfies Record<string, AreaCatalogue>;
export const CATALOGUES: readonly Catalogue[] = ['ja', 'zh-cn', 'en'];

function merge(lang: Catalogue): Dict {
  return Object.assign({}, ...Object.values(AREAS).map((a: AreaCatalogue) => a[lang]));
}

type Areas = typeof AREAS;
/**
 * Every key of the Japanese (default) catalogue. `t` takes only these, so a wrong literal key
 * and a key built from a template literal over a union (`t(`status.${s}`)`) fail to compile.
 */
export type MessageKey = { [A in keyof Areas]: Leaves<Areas[A]['ja']> }[keyof Areas];

/** The keys under a prefix, without it: `KeysUnder<'server.uploads'>` is `'badType' | 'empty' | …`. */
export type KeysUnder<P extends string> = MessageKey extends infer K
  ? K extends `${P}.${infer R}`
    ? R
    : never
  : never;

export type Translate = (key: MessageKey, values?: Record<string, unknown>) => string;

/** A translator for one language. Missing keys show the key itself (and fail the catalogue test). */
export function createTranslator(lang: Catalogue): Translate {
  const r = rosetta<Dict>({ [lang]: merge(lang) });
  r.locale(lang);
  return (key, values) => {
    const out = r.t(key, values as Record<string, unknown>);
    return out === '' ? key : out;
  };
}

/** Every dotted key of a catalogue. */
export function leafKeys(d: Dict, prefix = ''): string[] {
  return Object.entries(d).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : leafKeys(v, `${prefix}${k}.`),
  );
}

let known: ReadonlySet<string> | undefined;
/**
 * The one place a key built from a run-time string — a code the server sent (brand, event,
 * audit object), a field name from a yup path or a file column, a worker's refusal — becomes
 * a MessageKey: it is one when the Japanese catalogue has it. Everything else is typed.
 */
export function isMessageKey(key: string): key is MessageKey {
  known ??= new Set(leafKeys(merge('ja')));
  return known.has(key);
}

/** The text of a key built at run time, or `fallback` (say, the code itself) when there is none. */
export const textOr = (t: Translate, key: string, fallback: string, values?: Record<string, unknown>) =>
  isMessageKey(key) ? t(key, values) : fallback;

/** A field's label (`fields.<name>`), or its name when it has none. */
export const fieldLabel = (t: Translate, name: string) => textOr(t, `fields.${name}`, name);

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
    values.field = fieldLabel(t, leaf);
  }
  return t(m.key, values);
}
