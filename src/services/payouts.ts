import { payoutsCalls } from '../contract/calls/payouts';
import type { BankDepositRow, PayoutRow } from '../contract/payouts';
import type { Page } from '../contract/envelope';
import type { ReconGroup } from '../contract/reconciliation';
import { api } from './api';

/** A payment statement page (/history/<group>Bill) or every brand's payouts ('all'). */
export const pagePayouts = (
  which: ReconGroup | 'all',
  query: Record<string, unknown>,
): Promise<Page<PayoutRow>> => api.call(payoutsCalls[which].page, query);

/** The group's due payment statements fetched from the brands now. */
export const fetchPayoutStatements = (group: ReconGroup) => api.call(payoutsCalls[group].fetch, {});

export const payoutOfSettlement = (id: number) => api.call(payoutsCalls.all.ofSettlement, { id });

export const pageDeposits = (query: Record<string, unknown>): Promise<Page<BankDepositRow>> =>
  api.call(payoutsCalls.deposits.page, query);

/** Silent: the dialog shows a refusal at its file field. */
export function uploadDeposits(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload(payoutsCalls.deposits.upload, form, { silent: true });
}
