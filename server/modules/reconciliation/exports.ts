import { desc, and, sql } from 'drizzle-orm';
import type { ExportFormat } from '../../../src/contract/exports';
import type { ReconExportQuery } from '../../../src/contract/lists/reconciliation';
import { RECON_LISTS } from '../../../src/contract/lists/reconciliation';
import type { ReconGroup } from '../../../src/contract/reconciliation';
import type { Executor } from '../../db/client';
import { reconciliationRuns as runs } from '../../db/schema';
import type { CallContext } from '../../platform/api';
import type { FileDownload } from '../../platform/exports';
import { between, periodExport, type Key, type ListRows } from '../../platform/listExport';
import type { Scope } from '../../platform/scope';
import { countFields, dayFilter, stateField } from './queries';

/** The days list's export in either format: the list's filter and scope, in the list's order (newest day first). */

const asText = (x: unknown) => sql<string>`(${x})::text`;
// The keyset walks the business day (a date compares with the cursor's timestamptz) and the run.
const KEY: Key = { createdAt: runs.businessDay, id: runs.id };

function dayRows(db: Executor, scope: Scope, group: ReconGroup): ListRows<ReconExportQuery> {
  const counts = countFields(db, scope);
  return {
    list: RECON_LISTS[group].exports,
    what: `${group}Reconciliation`,
    key: KEY,
    sources: {
      businessDay: asText(runs.businessDay),
      brand: runs.brand,
      dayState: stateField(db, scope),
      runSource: runs.source,
      fileName: runs.fileName,
      runFinishedAt: runs.finishedAt,
      code1: asText(counts.code1),
      code100: asText(counts.code100),
      code200: asText(counts.code200),
      code300: asText(counts.code300),
      code400: asText(counts.code400),
      code500: asText(counts.code500),
      code600: asText(counts.code600),
      held: asText(counts.held),
      openExceptions: asText(counts.openExceptions),
      refusalLine: sql<string>`coalesce(${runs.refusalLine}::text, '')`,
      refusalReason: sql<string>`coalesce(${runs.refusalReason}, '')`,
    },
    select: (_db, _scope, _t, _zone, q) => (fields, from, to) =>
      db
        .select(fields)
        .from(runs)
        .where(and(dayFilter(db, scope, group, q), between(KEY, from, to ?? null)))
        .orderBy(desc(runs.businessDay), desc(runs.id)),
  };
}

export const reconciliationExport = (
  c: CallContext<ReconExportQuery, string>,
  scope: Scope,
  group: ReconGroup,
  format: ExportFormat,
): Promise<FileDownload> => periodExport(c, format, dayRows(c.deps.db, scope, group));
