import { reconciliationCalls } from '../contract/calls/reconciliation';
import type { BrandTransactionRow } from '../contract/brandTransactions';
import type { Page } from '../contract/envelope';
import type { ReconGroup } from '../contract/reconciliation';
import { api } from './api';

/** /history/<group>Trade/page: the query is what listQuery builds from the URL. */
export const pageBrandTransactions = (
  group: ReconGroup,
  query: Record<string, unknown>,
): Promise<Page<BrandTransactionRow>> => api.call(reconciliationCalls.brandTransactions[group].page, query);
