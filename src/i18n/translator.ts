import rosetta from 'rosetta';
import type { Catalogue } from '../contract/locale';
import { formatMoney, isMoneyValue } from '../contract/money';
import type { MessageRef } from '../contract/validation';
import type { Dict } from './define';
import type { MessageKey } from '../contract/messages';

/**
 * The translator at run time, without the catalogues' texts: the console's bundle loads the
 * catalogue of the reader's language on its own (src/i18n/load.ts, one chunk per language made
 * at build time), the server and the tests register all three (src/i18n/index.ts). Import
 * run-time helpers from here in the console's code, never from `./index`, whose import carries
 * every language's texts (eslint refuses it in src/).
 */

const registered = new Map<Catalogue, Dict>();

/** A language's merged catalogue, ready for translators of it. */
export function registerCatalogue(lang: Catalogue, dict: Dict): void {
  registered.set(lang, dict);
  known = undefined;
}

export const hasCatalogue = (lang: Catalogue): boolean => registered.has(lang);

/** The languages whose catalogues are registered, in the order they came. */
export const registeredCatalogues = (): Catalogue[] => [...registered.keys()];

export type Translate = (key: MessageKey, values?: Record<string, unknown>) => string;

/**
 * A translator for one language. It reads the language's catalogue when it is registered
 * (`loadCatalogue` in the console), and until then the first one registered, so a translator
 * made before its language arrived speaks it once it has. Missing keys show the key itself
 * (and fail the catalogue test).
 */
export function createTranslator(lang: Catalogue): Translate {
  let r: ReturnType<typeof rosetta<Dict>> | undefined;
  let from: Dict | undefined;
  const t: Translate = (key, values) => {
    const dict = registered.get(lang) ?? registered.values().next().value;
    if (!dict) return key;
    if (!r || dict !== from) {
      r = rosetta<Dict>({ [lang]: dict });
      r.locale(lang);
      from = dict;
    }
    const out = r.t(key, values && writeAmounts(values, lang, t));
    return out === '' ? key : out;
  };
  languages.set(t, lang);
  return t;
}

/**
 * A message value that is itself a catalogue's word (a brand's name, a channel), written in the
 * message's language: the server raises a refusal before it knows who reads it.
 */
export interface LabelValue {
  kind: 'label';
  key: MessageKey;
}
export const labelValue = (key: MessageKey): LabelValue => ({ kind: 'label', key });
const isLabelValue = (v: unknown): v is LabelValue =>
  typeof v === 'object' &&
  v !== null &&
  (v as LabelValue).kind === 'label' &&
  typeof (v as LabelValue).key === 'string';

/**
 * Amounts (contract/money MoneyValue) and words (LabelValue) among a message's values, written in
 * the message's language.
 */
function writeAmounts(
  values: Record<string, unknown>,
  lang: Catalogue,
  t: Translate,
): Record<string, unknown> {
  if (!Object.values(values).some((v) => isMoneyValue(v) || isLabelValue(v))) return values;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      isMoneyValue(v) ? formatMoney(v.minor, v.currency, lang) : isLabelValue(v) ? t(v.key) : v,
    ]),
  );
}

const languages = new WeakMap<Translate, Catalogue>();
/**
 * The language a translator speaks, for what is written with Intl rather than from the
 * catalogue (amounts: contract/money formatMoney); Japanese for a translator made elsewhere.
 */
export const languageOfTranslator = (t: Translate): Catalogue => languages.get(t) ?? 'ja';

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
  // Every language has the same keys (define.ts): any registered catalogue tells.
  const any = registered.values().next().value;
  if (!any) return false;
  known ??= new Set(leafKeys(any));
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

export type { KeysUnder, MessageKey } from '../contract/messages';
