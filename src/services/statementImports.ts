import { fromPromise } from 'xstate';
import { reconciliationCalls } from '../contract/calls/reconciliation';
import type { ReconGroup } from '../contract/reconciliation';
import type { StatementUploadRequest } from '../contract/statementImports';
import { api } from './api';

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
