import { PAY_BRANDS, SUB_BRANDS, isPayBrand } from '../contract/brands';
import type { ListDefinition } from '../contract/lists/define';
import type { RoleLevel } from '../contract/roles';
import type { FilterField, Option } from '../components/FilterBar';
import { businessDate } from '../components/format';
import { textOr, type Translate } from '../i18n/translator';

/**
 * A list's filters as the URL holds them: every one a string, '' for all; the period the
 * last `defaultDays` business days, today included.
 */
export function urlDefaults(list: Pick<ListDefinition, 'filters' | 'period'>): Record<string, string> {
  const period: Record<string, string> = list.period
    ? { beginTime: businessDate(list.period.defaultDays - 1), endTime: businessDate(0) }
    : {};
  return { ...period, ...Object.fromEntries(Object.keys(list.filters).map((name) => [name, ''])) };
}

/** Sub-brands of the brand picked in the form (all of them while none is). */
const subBrandOptions = (t: Translate, brand: string | undefined) =>
  codeOptions(
    t,
    isPayBrand(brand) ? SUB_BRANDS[brand] : PAY_BRANDS.flatMap((b) => SUB_BRANDS[b]),
    'orders.subBrands',
  );

/**
 * Picker options of codes known only at run time, labelled from `catalogue` (the code itself
 * when it has no label). `enumOptions` (screens/shared/options.ts) is the typed form.
 */
export const codeOptions = (t: Translate, codes: readonly string[], catalogue: string) =>
  codes.map((code) => ({ value: code, label: textOr(t, `${catalogue}.${code}`, code) }));

/** What the screen knows at run time: options it loaded, the caller's role level. */
export interface RunTimeFilters {
  /** Options of the `options` filters by name; a filter without them is not shown. */
  options?: Partial<Record<string, readonly Option[]>>;
  /** The caller's role level, for filters shown only to some (`levels`). */
  level?: RoleLevel;
}

/**
 * The filter bar's fields of a list, in the definition's order: the period first, the
 * company and branch pickers (`scopeFields`, within the caller's scope) where the definition
 * puts its first scope filter; `external` filters and those not for the caller's role left out.
 */
export function filterFieldsOf(
  list: Pick<ListDefinition, 'filters' | 'period'>,
  t: Translate,
  scopeFields: readonly FilterField[],
  rangeError: string | null,
  run: RunTimeFilters = {},
): FilterField[] {
  const fields: FilterField[] = list.period
    ? [{ kind: 'dateRange', maxDays: list.period.maxDays, error: rangeError }]
    : [];
  let scoped = false;
  for (const [name, { field, levels }] of Object.entries(list.filters)) {
    if (levels && (!run.level || !levels.includes(run.level))) continue;
    switch (field.kind) {
      case 'text':
        fields.push({ kind: 'text', name, label: t(field.labelKey) });
        break;
      case 'select':
        fields.push({
          kind: 'select',
          name,
          label: t(field.labelKey),
          options: codeOptions(t, field.codes, field.catalogue),
          ...(field.clears ? { clears: field.clears } : {}),
        });
        break;
      case 'choice':
        fields.push({
          kind: 'select',
          name,
          label: t(field.labelKey),
          options: field.choices.map((c) => ({ value: c.code, label: t(c.labelKey) })),
        });
        break;
      case 'options': {
        const options = run.options?.[name];
        if (options) fields.push({ kind: 'select', name, label: t(field.labelKey), options });
        break;
      }
      case 'external':
        break;
      case 'subBrand':
        fields.push({
          kind: 'select',
          name,
          label: t('fields.subBrand'),
          options: (draft) => subBrandOptions(t, draft.brand),
        });
        break;
      case 'scope':
        if (!scoped) fields.push(...scopeFields);
        scoped = true;
        break;
    }
  }
  return fields;
}
