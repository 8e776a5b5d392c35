import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ExportColumn } from '../../src/contract/lists/define';
import { textOr, type Translate } from '../../src/i18n';
import { cellAmount, cellChoice, cellLabel, cellLocalTime, cellText } from './csvSql';
import type { Cell } from './exports';

/**
 * Both formats of a list's export from its export columns (src/contract/lists): the CSV's
 * cells finished in SQL (./csvSql, written by the database's COPY), the XLSX's fields and
 * the cells made of them. A list names, per column key, the database column it comes from.
 */
/** A source is a column or an expression (a cast, a constant, a name from a subquery). */
export type ExportSources<K extends string> = Record<K, AnyPgColumn | SQL>;

/** A row of an export's XLSX select: the row's id and one field per column key. */
export type ExportRow = { id: number } & Record<string, unknown>;

/** A code's label from the catalogue (the code itself when it has none). */
const labelOf = (t: Translate, prefix: string, code: string) => textOr(t, `${prefix}.${code}`, code);

/** Every code of a list with its label, looked up once per export. */
const labelsOf = (t: Translate, prefix: string, codes: readonly string[]) =>
  Object.fromEntries(codes.map((code) => [code, labelOf(t, prefix, code)]));

/** A lookup of labels for the XLSX cells (the code itself when it has none, '' for NULL). */
function labeller(t: Translate, prefix: string, codes: readonly string[]) {
  const known = new Map(Object.entries(labelsOf(t, prefix, codes)));
  return (code: string | null) => (code ? (known.get(code) ?? labelOf(t, prefix, code)) : '');
}

/** The column an amount's currency comes from (a list names it among its sources). */
function currencySource<K extends string>(sources: ExportSources<K>, key: string): AnyPgColumn | SQL {
  const found = Object.entries<AnyPgColumn | SQL>(sources).find(([k]) => k === key);
  if (!found) throw new Error(`export: no source for the currency column ${key}`);
  return found[1];
}

/** The header row, as the caller's language names the columns. */
export const exportHeaders = (columns: readonly ExportColumn[], t: Translate) =>
  columns.map((c) => (c.headerKey ? t(c.headerKey) : textOr(t, `server.exports.columns.${c.key}`, c.key)));

/** XLSX column widths in characters. */
export const exportWidths = (columns: readonly ExportColumn[]) => columns.map((c) => c.width);

/** The CSV's cells in SQL, one per column, labelled in the caller's language. */
export function csvCellsOf<K extends string>(
  columns: readonly ExportColumn<K>[],
  sources: ExportSources<K>,
  t: Translate,
  zone: string,
): SQL[] {
  return columns.map((c) => {
    const x = sources[c.key];
    switch (c.cell.kind) {
      case 'time':
        return cellLocalTime(x, zone);
      case 'amount':
        return cellAmount(x, currencySource(sources, c.cell.currency));
      case 'label':
        return cellLabel(x, labelsOf(t, c.cell.catalogue, c.cell.codes));
      case 'yesNo':
        return cellChoice(x, t('common.yes'), t('common.no'));
      case 'text':
        return cellText(x);
    }
  });
}

/** The XLSX select's fields: times as local text from the database, the rest as stored. */
export function xlsxFieldsOf<K extends string>(
  columns: readonly ExportColumn<K>[],
  sources: ExportSources<K>,
  zone: string,
): Record<string, AnyPgColumn | SQL> {
  const fields: Record<string, AnyPgColumn | SQL> = {};
  for (const c of columns) {
    fields[c.key] = c.cell.kind === 'time' ? cellLocalTime(sources[c.key], zone) : sources[c.key];
    if (c.cell.kind === 'amount') fields[c.cell.currency] ??= currencySource(sources, c.cell.currency);
  }
  return fields;
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A row of the XLSX select as its cells, labelled in the caller's language. */
export function xlsxCellsOf(columns: readonly ExportColumn[], t: Translate): (row: ExportRow) => Cell[] {
  const yes = t('common.yes');
  const no = t('common.no');
  const toCell = columns.map((c): ((row: ExportRow) => Cell) => {
    const cell = c.cell;
    switch (cell.kind) {
      case 'amount':
        return (row) => {
          const minor = row[c.key];
          return typeof minor === 'number' ? { minor, currency: String(row[cell.currency]) } : null;
        };
      case 'label': {
        const label = labeller(t, cell.catalogue, cell.codes);
        return (row) => label(text(row[c.key]));
      }
      case 'yesNo':
        return (row) => (row[c.key] ? yes : no);
      case 'time':
      case 'text':
        return (row) => text(row[c.key]);
    }
  });
  return (row) => toCell.map((f) => f(row));
}
