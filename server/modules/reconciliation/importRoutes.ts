import { reconciliationCalls } from '../../../src/contract/calls/reconciliation';
import { RECON_GROUPS } from '../../../src/contract/reconciliation';
import { STATEMENT_UPLOAD_MAX_BYTES } from '../../../src/contract/statementImports';
import type { Api } from '../../platform/api';
import { refetch } from './fetchJob';
import { getImport, pageImports, startUpload } from './imports';

/** The statement import calls of each group (docs/api.md, "Statement imports"). */
export function importRoutes(api: Api) {
  for (const group of RECON_GROUPS) {
    const calls = reconciliationCalls.statementImports[group];
    api.call(calls.upload, { uploadMaxBytes: STATEMENT_UPLOAD_MAX_BYTES }, async (c) => ({
      result: await startUpload(c, group, c.input, c.req.uploadFileName ?? ''),
      messageKey: 'server.statementImports.started',
    }));
    api.call(calls.refetch, async (c) => ({
      result: await refetch(c, group, c.input),
      messageKey: 'server.statementImports.started',
    }));
    api.call(calls.get, async (c) => ({ result: await getImport(c, group, c.input.id) }));
    api.call(calls.page, async (c) => ({ result: await pageImports(c, group, c.input) }));
  }
}
