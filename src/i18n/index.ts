import rosetta from 'rosetta';
import type { Catalogue } from '../contract/locale';
import { formatMoney, isMoneyValue } from '../contract/money';
import type { MessageRef } from '../contract/validation';
import type { AreaCatalogue, Dict, Leaves } from './define';
import common from './common';
import menu from './menu';
import shell from './shell';
import validation from './validation';
import server from './server';
import auth from './auth';
import account from './account';
import access from './access';
import org from './org';
import operators from './operators';
import terminals from './terminals';
import orders from './orders';
import refunds from './refunds';
import preorders from './preorders';
import links from './links';
import payer from './payer';
import audit from './audit';
import fileExports from './exports';
import settlements from './settlements';
import reconciliation from './reconciliation';
import brandTransactions from './brandTransactions';
import statementImports from './statementImports';
import payouts from './payouts';

/**
 * One catalogue per area (DESIGN.md's area names), plus the words every screen uses (common),
 * the frame (menu, shell), the generic validation rules and the server platform's replies.
 * An area's catalogue holds its screens' strings, its field labels (`fields.<name>`) and its
 * server messages (`server.<area>.…`); the catalogues are merged key by key, and the catalogue
 * test fails when two of them give one key different texts. Add a new area here.
 */
export const AREAS = {
  common,
  menu,
  shell,
  validation,
  server,
  auth,
  account,
  access,
  org,
  operators,
  terminals,
  orders,
  refunds,
  preorders,
  links,
  payer,
  audit,
  exports: fileExports,
  settlements,
  reconciliation,
  brandTransactions,
  statementImports,
  payouts,
} satisfies Record<string, AreaCatalogue>;
export const CATALOGUES: readonly Catalogue[] = ['ja', 'zh-cn', 'en'];

/** Several areas add to one subtree (`fields`, `server`): merge them key by key. */
function mergeInto(target: Dict, source: Dict): Dict {
  for (const [k, v] of Object.entries(source)) {
    const had = target[k];
    target[k] = typeof v === 'string' || typeof had !== 'object' ? v : mergeInto({ ...had }, v);
  }
  return target;
}

function merge(lang: Catalogue): Dict {
  return Object.values(AREAS).reduce<Dict>((all, a: AreaCatalogue) => mergeInto(all, a[lang]), {});
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
  const t: Translate = (key, values) => {
    const out = r.t(key, values && writeAmounts(values, lang));
    return out === '' ? key : out;
  };
  languages.set(t, lang);
  return t;
}

/** Amounts among a message's values (contract/money MoneyValue), written in the message's language. */
function writeAmounts(values: Record<string, unknown>, lang: Catalogue): Record<string, unknown> {
  if (!Object.values(values).some(isMoneyValue)) return values;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, isMoneyValue(v) ? formatMoney(v.minor, v.currency, lang) : v]),
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
