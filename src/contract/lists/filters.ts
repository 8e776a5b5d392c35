import { yup } from '../validation';
import { optionalId, STATUSES, text } from '../fields';
import type { RoleLevel } from '../roles';
import { ALL_SUB_BRANDS, PAY_BRANDS, PAYMENT_TYPES } from '../brands';
import type { MessageKey } from '../messages';
import type { ListFilter } from './define';

/** Filters several lists share (written once; a list spreads what it has). */

/** One of a list of codes, '' for all, picked from `${catalogue}.${code}` labels. */
export const codeFilter = <C extends string>(
  labelKey: MessageKey,
  codes: readonly C[],
  catalogue: string,
  clears?: readonly string[],
) =>
  ({
    schema: yup
      .string()
      .oneOf<'' | C>(['', ...codes])
      .default(''),
    field: { kind: 'select', labelKey, codes, catalogue, clears },
  }) satisfies ListFilter;

export const brandFilter = (clears?: readonly string[]) =>
  codeFilter('fields.brand', PAY_BRANDS, 'orders.brands', clears);

export const subBrandFilter = () =>
  ({
    schema: yup
      .string()
      .oneOf(['', ...ALL_SUB_BRANDS])
      .default(''),
    field: { kind: 'subBrand' },
  }) satisfies ListFilter;

export const paymentTypeFilter = () => codeFilter('fields.paymentType', PAYMENT_TYPES, 'orders.paymentTypes');

/** Free text matched exactly (a number of some kind). */
export const textFilter = (labelKey: MessageKey, max = 64) =>
  ({ schema: text(max), field: { kind: 'text', labelKey } }) satisfies ListFilter;

/**
 * A complete number of the list's rows (order, refund or pay number), matched exactly: while it
 * is set the list searches all time within the caller's scope (`periodApplies`).
 */
export const numberFilter = (labelKey: MessageKey, max = 64) =>
  ({ ...textFilter(labelKey, max), allTime: true }) satisfies ListFilter;

/** Company and branch within the caller's scope. */
export const scopeFilters = () => ({
  companyId: { schema: optionalId(), field: { kind: 'scope' } } satisfies ListFilter,
  branchUnitId: { schema: optionalId(), field: { kind: 'scope' } } satisfies ListFilter,
});

/** An organisation's status (active or locked). */
export const statusFilter = () => codeFilter('fields.status', STATUSES, 'org.status');

/**
 * An organisation (or other id) picked from options the screen loads in the caller's scope;
 * `levels`: only those roles see it.
 */
export const idOptionsFilter = (labelKey: MessageKey, levels?: readonly RoleLevel[]) =>
  ({
    schema: optionalId(),
    field: { kind: 'options', labelKey },
    ...(levels ? { levels } : {}),
  }) satisfies ListFilter;

/** Codes each labelled by its own key ('1' success, '0' failure). */
export const choiceFilter = <C extends string>(
  labelKey: MessageKey,
  choices: readonly { code: C; labelKey: MessageKey }[],
) =>
  ({
    schema: yup
      .string()
      .oneOf<'' | C>(['', ...choices.map((c) => c.code)])
      .default(''),
    field: { kind: 'choice', labelKey, choices },
  }) satisfies ListFilter;

/** A filter the screen sets elsewhere than in the filter bar (the branch tree's company). */
export const externalFilter = <S extends yup.AnySchema>(schema: S) =>
  ({ schema, field: { kind: 'external' } }) satisfies ListFilter;
