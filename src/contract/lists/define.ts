import type { MessageKey } from '../messages';
import type { RoleLevel } from '../roles';
import { yup } from '../validation';
import { dateRange, pageFields } from '../paging';

/**
 * A list declared once (DESIGN, "Lists are declared, not copied"): its filters with their
 * URL form, the screen's columns, the sort fields, the scope, and the export columns. The
 * page call's schema and the export call's schema are built from it here, the screen in
 * src/lists/, both export formats on the server (server/platform/exportColumns.ts).
 */

/** How a filter shows in the filter bar; its value is a string in the URL ('' for all). */
export type FilterField =
  | { kind: 'text'; labelKey: MessageKey }
  /** A fixed list of codes labelled `${catalogue}.${code}`; picking one empties `clears`. */
  | {
      kind: 'select';
      labelKey: MessageKey;
      codes: readonly string[];
      catalogue: string;
      clears?: readonly string[];
    }
  /** The sub-brands of the brand picked in the form (all while none is). */
  | { kind: 'subBrand' }
  /** Codes each labelled by its own key (when the labels are not one catalogue's). */
  | { kind: 'choice'; labelKey: MessageKey; choices: readonly { code: string; labelKey: MessageKey }[] }
  /**
   * A select whose options the screen gives at run time (the organisations or roles in the
   * caller's scope); not shown while the screen gives none.
   */
  | { kind: 'options'; labelKey: MessageKey }
  /** Set elsewhere on the screen (the branch tree picks the company), never in the bar. */
  | { kind: 'external' }
  /** Company and branch within the caller's scope (src/lists/useScopeFields). */
  | { kind: 'scope' };

export interface ListFilter<S extends yup.AnySchema = yup.AnySchema> {
  /** What the page and export calls accept (the server validates with it, the URL carries it as text). */
  schema: S;
  field: FilterField;
  /**
   * Shown only to roles of these levels (the service provider filter to the platform's own
   * roles); the server still accepts it from anyone and narrows it to the caller's scope.
   */
  levels?: readonly RoleLevel[];
  /**
   * A complete number (matched exactly): while it is set, the list searches every day of the
   * caller's scope and leaves the period out (`periodApplies`); the period is still checked.
   */
  allTime?: boolean;
}

/**
 * Which columns stay when the table is narrow: 1 always, 2 from tablet width, 3 from desktop
 * width. Recorded now; the table honours it in a later issue.
 */
export type ColumnPriority = 1 | 2 | 3;

export interface ColumnWidth {
  /** Narrowest the column may get (a CSS length), so the table scrolls rather than squeezes it. */
  min?: string;
  /** One line: a longer value is cut with an ellipsis (its whole text in the title). */
  ellipsis?: boolean;
  /** Never wrapped (numbers, dates, codes). */
  nowrap?: boolean;
}

export interface ListColumn<K extends string = string> {
  key: K;
  /** i18n key of the header. */
  headerKey: MessageKey;
  /** The page call's sort field when the column sorts (one of the list's sortFields). */
  sortField?: string;
  priority: ColumnPriority;
  width: ColumnWidth;
  align?: 'start' | 'center' | 'end';
  /** Shown only where the caller's scope holds several companies. */
  scope?: 'company';
}

/** How an export cell is written, in CSV (by the database) and XLSX alike. */
export type ExportCell =
  | { kind: 'text' }
  /** yyyy-MM-dd HH:mm:ss in the business time zone. */
  | { kind: 'time' }
  /** Minor units as major units of the currency held by the row's `currency` source. */
  | { kind: 'amount'; currency: string }
  /** A code as its label `${catalogue}.${code}` (the code itself when the catalogue has none). */
  | { kind: 'label'; catalogue: string; codes: readonly string[] }
  /** A boolean as common.yes / common.no. */
  | { kind: 'yesNo' };

export interface ExportColumn<K extends string = string> {
  /** Also the header: `server.exports.columns.<key>`, unless `headerKey` names another label. */
  key: K;
  /** The header's label where it exists elsewhere already (an audit code's, orders.auditResults). */
  headerKey?: MessageKey;
  /** XLSX column width in characters. */
  width: number;
  cell: ExportCell;
}

export interface ListExport<K extends string = string> {
  /** The file's name: `server.exports.<file>File` localised, `<file>s` in ASCII. */
  file: string;
  /** i18n key of the XLSX sheet. */
  sheetKey: MessageKey;
  /** Calls of the two formats (the page's filters without paging and sorting). */
  paths: { excel: string; csv: string };
  columns: readonly ExportColumn<K>[];
}

export interface ListDefinition<
  F extends Record<string, ListFilter> = Record<string, ListFilter>,
  C extends string = string,
  S extends string = string,
  E extends string = string,
> {
  /** The page call. */
  path: string;
  /** Menu route that grants the list (and its exports). */
  route: string;
  /** Business-day period filter (beginTime/endTime): at most `maxDays`, `defaultDays` back by default. */
  period?: { maxDays: number; defaultDays: number };
  filters: F;
  columns: readonly ListColumn<C>[];
  sortFields: readonly S[];
  /** Whose rows: the caller's tenant scope (server/platform/scope.ts) always applies. */
  scope: 'tenant';
  exports?: ListExport<E>;
}

/**
 * Whether a query of the list is held to its period: not while one of its `allTime` filters (a
 * complete order, refund or pay number) is set, which searches all time within the scope. The
 * server's queries and the screen's note read this one rule.
 */
export function periodApplies(
  list: { filters: Record<string, ListFilter> },
  query: Readonly<Record<string, unknown>>,
): boolean {
  return allTimeFilter(list, query) === null;
}

/** The `allTime` filter the query sets (its period then not applied), or null. */
export function allTimeFilter(
  list: { filters: Record<string, ListFilter> },
  query: Readonly<Record<string, unknown>>,
): ListFilter | null {
  for (const [name, filter] of Object.entries(list.filters)) {
    const value = query[name];
    if (filter.allTime === true && typeof value === 'string' && value.trim() !== '') return filter;
  }
  return null;
}

/** Declares a list; its filter, column, sort and export names stay typed (literal). */
export const defineList = <const L extends ListDefinition>(list: L): L => list;

type Schemas<F extends Record<string, ListFilter>> = { [K in keyof F]: F[K]['schema'] };

const schemasOf = <F extends Record<string, ListFilter>>(filters: F): Schemas<F> => {
  const out: Partial<Schemas<F>> = {};
  for (const name of Object.keys(filters) as (keyof F)[]) out[name] = filters[name].schema;
  return out as Schemas<F>;
};

type Periodic<F extends Record<string, ListFilter>> = { period: { maxDays: number }; filters: F };

/** The page call's input: paging and sorting, the list's period (when it has one) and filters. */
export function pageQueryOf<F extends Record<string, ListFilter>>(
  list: Periodic<F>,
): ReturnType<typeof periodicPageQuery<F>>;
export function pageQueryOf<F extends Record<string, ListFilter>>(list: {
  period?: undefined;
  filters: F;
}): ReturnType<typeof plainPageQuery<F>>;
export function pageQueryOf<F extends Record<string, ListFilter>>(list: {
  period?: { maxDays: number };
  filters: F;
}) {
  return list.period
    ? periodicPageQuery({ period: list.period, filters: list.filters })
    : plainPageQuery(list);
}

const periodicPageQuery = <F extends Record<string, ListFilter>>(list: Periodic<F>) =>
  yup.object({ ...pageFields, ...dateRange(list.period.maxDays), ...schemasOf(list.filters) }).noUnknown();

/** A list without a period (the organisation and account lists). */
const plainPageQuery = <F extends Record<string, ListFilter>>(list: { filters: F }) =>
  yup.object({ ...pageFields, ...schemasOf(list.filters) }).noUnknown();

/** The export call's input: the page call's without paging and sorting (a file lists every row). */
export const exportQueryOf = <F extends Record<string, ListFilter>>(list: Periodic<F>) =>
  yup.object({ ...dateRange(list.period.maxDays), ...schemasOf(list.filters) }).noUnknown();
