import { linksCalls } from '../contract/calls/links';
import type { PayLinkClose, PayLinkCreate } from '../contract/links';
import { api } from './api';

/**
 * A pay link as the payer opens it: the server sends a path when it does not know its public
 * address, and a link in a QR code or an e-mail must be absolute — the console's own origin
 * serves /qrcode.
 */
export function absoluteLink(link: string, origin = globalThis.location?.origin ?? ''): string {
  try {
    return new URL(link, origin || undefined).href;
  } catch {
    return link;
  }
}

export const withAbsoluteLink = <R extends { payLink: string }>(row: R): R => ({
  ...row,
  payLink: absoluteLink(row.payLink),
});

/** URL payments (invoice links): /pay/pay/*, /history/urlOrderPay/page (docs/api.md). */
export const pagePayLinks = async (query: Record<string, unknown>) => {
  const page = await api.call(linksCalls.page, query);
  return { ...page, records: page.records.map(withAbsoluteLink) };
};

/** Silent: the form shows the failure beside its fields. */
export const createPayLink = async (input: PayLinkCreate) =>
  withAbsoluteLink(await api.call(linksCalls.create, input, { silent: true }));

/** Silent: the caller (the pre-order machine's closing state) shows the refusal. */
export const closePayLink = (input: PayLinkClose) => api.call(linksCalls.close, input, { silent: true });

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
  api.upload(linksCalls.upload, uploadForm(target), { silent: true });
