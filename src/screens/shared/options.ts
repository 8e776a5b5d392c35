import type { OrgOption } from '../../contract/org';
import { WORKING_LANGUAGES } from '../../contract/locale';
import type { Option } from '../../components/FilterBar';
import { codeOptions } from '../../lists/filterFields';
import type { KeysUnder, Translate } from '../../i18n/translator';

/** Picker options of an organisation list; locked ones say so. */
export const orgOptions = (t: Translate, list: readonly OrgOption[] | null | undefined): Option[] =>
  (list ?? []).map((o) => ({
    value: String(o.id),
    label: o.status === 'locked' ? `${o.name} · ${t('org.status.locked')}` : o.name,
  }));

/** A code under `prefix` in the catalogue, as a string or (for `'0'`, `'1'`, …) as a number. */
type CodeUnder<P extends string> =
  KeysUnder<P> | (KeysUnder<P> extends `${infer N extends number}` ? N : never);

/**
 * Options of a fixed list whose labels are i18n keys under `prefix`: every value must have a
 * label there, or the call does not compile.
 */
export const enumOptions = <const P extends string>(
  t: Translate,
  values: readonly CodeUnder<P>[],
  prefix: P,
): Option[] => codeOptions(t, values.map(String), prefix);

/** The console's working languages, each named in the reader's language. */
export const languageOptions = (t: Translate): Option[] =>
  WORKING_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }));
