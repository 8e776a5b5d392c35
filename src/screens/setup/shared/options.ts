import type { OrgOption } from '../../../contract/org';
import { STATUSES } from '../../../contract/fields';
import type { Option } from '../../../components/FilterBar';
import type { Translate } from '../../../i18n';

export const statusOptions = (t: Translate): Option[] =>
  STATUSES.map((s) => ({ value: s, label: t(`org.status.${s}`) }));

/** Picker options of an organisation list; locked ones say so. */
export const orgOptions = (t: Translate, list: readonly OrgOption[] | null | undefined): Option[] =>
  (list ?? []).map((o) => ({
    value: String(o.id),
    label: o.status === 'locked' ? `${o.name} · ${t('org.status.locked')}` : o.name,
  }));

/** Options of a fixed list whose labels are i18n keys under `prefix`. */
export const enumOptions = (t: Translate, values: readonly (string | number)[], prefix: string): Option[] =>
  values.map((v) => ({ value: String(v), label: t(`${prefix}.${v}`) }));
