import { call, reply } from '../call';
import type { Page } from '../envelope';
import {
  CHECK_ROUTES,
  StatementImportIdInput,
  StatementImportPageQuery,
  StatementRefetchInput,
  StatementUploadInput,
  type StatementImportStarted,
  type StatementImportView,
} from '../statementImports';

/**
 * The statement import calls of one group of brands (docs/api.md, "Statement imports"), opened
 * by the group's check screen: upload (multipart), refetch from the brand, an import's
 * progress and the group's recent imports. Upload and refetch need RECON_WRITE_ROLES.
 */
function importCalls<const P extends string, const R extends string>(prefix: P, route: R) {
  return {
    upload: call(`${prefix}/import/upload`, {
      access: route,
      input: StatementUploadInput,
      reply: reply<StatementImportStarted>(),
      kind: 'upload',
      writes: true,
    }),
    refetch: call(`${prefix}/import/refetch`, {
      access: route,
      input: StatementRefetchInput,
      reply: reply<StatementImportStarted>(),
      writes: true,
    }),
    get: call(`${prefix}/import/get`, {
      access: route,
      input: StatementImportIdInput,
      reply: reply<StatementImportView>(),
    }),
    page: call(`${prefix}/import/page`, {
      access: route,
      input: StatementImportPageQuery,
      reply: reply<Page<StatementImportView>>(),
    }),
  };
}

export const statementImportsCalls = {
  wallet: importCalls('/history/walletCheck', CHECK_ROUTES.wallet),
  paypay: importCalls('/history/paypayCheck', CHECK_ROUTES.paypay),
} as const;
