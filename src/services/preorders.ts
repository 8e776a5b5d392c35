import type { Page } from '../contract/envelope';
import type { PreOrderClose, PreOrderCreate, PreOrderCreated, PreOrderRow } from '../contract/preorders';
import type { UploadReply } from '../contract/uploads';
import { api } from './api';
import { uploadForm, withAbsoluteLink, type UploadTarget } from './links';

/** Pre-orders (payment requests): /history/preOrder/* (docs/api.md). */
export const pagePreOrders = async (query: Record<string, unknown>) => {
  const page = await api.call<Page<PreOrderRow>>('/history/preOrder/page', query);
  return { ...page, records: page.records.map(withAbsoluteLink) };
};

export const createPreOrder = async (input: PreOrderCreate) =>
  withAbsoluteLink(await api.call<PreOrderCreated>('/history/preOrder/create', input, { silent: true }));

export const closePreOrder = (input: PreOrderClose) =>
  api.call<PreOrderRow>('/history/preOrder/close', input, { silent: true });

export const uploadPreOrders = (target: UploadTarget) =>
  api.upload<UploadReply>('/history/preOrder/uploadFile', uploadForm(target), { silent: true });
