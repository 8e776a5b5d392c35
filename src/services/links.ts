import type { Page } from '../contract/envelope';
import type { PayLinkClose, PayLinkCreate, PayLinkCreated, PayLinkRow } from '../contract/links';
import type { UploadReply } from '../contract/uploads';
import { api } from './api';

/** URL payments (invoice links): /pay/pay/*, /history/urlOrderPay/page (docs/api.md). */
export const pagePayLinks = (query: Record<string, unknown>) =>
  api.call<Page<PayLinkRow>>('/history/urlOrderPay/page', query);

/** Silent: the form shows the failure beside its fields. */
export const createPayLink = (input: PayLinkCreate) =>
  api.call<PayLinkCreated>('/pay/pay/create', input, { silent: true });

/** Silent: the caller (the pre-order machine's closing state) shows the refusal. */
export const closePayLink = (input: PayLinkClose) =>
  api.call<PayLinkRow>('/pay/pay/close', input, { silent: true });

/** The upload form: the file and, for roles above a company, the company (and branch). */
export interface UploadTarget {
  file: File;
  companyId?: number | null;
  branchUnitId?: number | null;
}

export function uploadForm({ file, companyId, branchUnitId }: UploadTarget): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  if (companyId) form.append('companyId', String(companyId));
  if (branchUnitId) form.append('branchUnitId', String(branchUnitId));
  return form;
}

/** All or nothing: an INVALID reply's result lists every bad row (contract/uploads). */
export const uploadPayLinks = (target: UploadTarget) =>
  api.upload<UploadReply>('/pay/pay/uploadFile', uploadForm(target), { silent: true });
