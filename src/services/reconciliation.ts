import { fromPromise } from 'xstate';
import type { BrandTransactionRow } from '../contract/brandTransactions';
import { reconciliationCalls } from '../contract/calls/reconciliation';
import type { Page } from '../contract/envelope';
import type { ReconGroup, ReconResultsQuery, ReconRunsQuery, ResolveInput } from '../contract/reconciliation';
import type { StatementUploadRequest } from '../contract/statementImports';
import { api } from './api';

/** Reconciliation results (docs/api.md, "Reconciliation"): the check pages' calls per group. */

type Query = Record<string, unknown>;

/** One page of a group's days list (its filters, paging and sorting from the URL). */
export const pageReconDays = (group: ReconGroup, query: Query) =>
  api.call(reconciliationCalls[group].page, query);

/** A brand-day's current results, paged, by code and open / resolved. */
export const reconResults = (group: ReconGroup, query: ReconResultsQuery) =>
  api.call(reconciliationCalls[group].results, query);

/** A brand-day's runs, newest first. */
export const reconRuns = (group: ReconGroup, query: ReconRunsQuery) =>
  api.call(reconciliationCalls[group].runs, query);

/** Resolves an exception. Silent: the dialog puts a refusal at its fields or above them. */
export const resolveException = (group: ReconGroup, input: ResolveInput) =>
  api.call(reconciliationCalls[group].resolve, input, { silent: true });

/** Statement imports (docs/api.md, "Statement imports"). */

/** The upload form: the file under its own name, and the brand and day when chosen. */
export function statementForm(r: Omit<StatementUploadRequest, 'group'>): FormData {
  const form = new FormData();
  if (r.brand) form.append('brand', r.brand);
  if (r.businessDay) form.append('businessDay', r.businessDay);
  form.append('file', r.file, r.fileName);
  return form;
}

/** Silent: the dialog shows the refusal at its fields, or the failure. */
export const uploadStatement = ({ group, ...r }: StatementUploadRequest) =>
  api.upload(reconciliationCalls.statementImports[group].upload, statementForm(r), { silent: true });

export const readImport = (group: ReconGroup, id: number) =>
  api.call(reconciliationCalls.statementImports[group].get, { id }, { silent: true });

export const statementImportActors = {
  uploadStatement: fromPromise(({ input }: { input: StatementUploadRequest }) => uploadStatement(input)),
  readImport: fromPromise(({ input }: { input: { group: ReconGroup; id: number } }) =>
    readImport(input.group, input.id),
  ),
};

export const pageImports = (group: ReconGroup, q: { pageNum: number; pageSize: number }) =>
  api.call(reconciliationCalls.statementImports[group].page, q);

/** /history/<group>Trade/page: the brand transactions; the query is what listQuery builds from the URL. */
export const pageBrandTransactions = (
  group: ReconGroup,
  query: Record<string, unknown>,
): Promise<Page<BrandTransactionRow>> => api.call(reconciliationCalls.brandTransactions[group].page, query);
