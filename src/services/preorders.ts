import { preordersCalls } from '../contract/calls/preorders';
import type { PreOrderClose, PreOrderCreate } from '../contract/preorders';
import { api } from './api';
import { uploadForm, withAbsoluteLink, type UploadTarget } from './links';

/** Pre-orders (payment requests): /history/preOrder/* (docs/api.md). */
export const pagePreOrders = async (query: Record<string, unknown>) => {
  const page = await api.call(preordersCalls.page, query);
  return { ...page, records: page.records.map(withAbsoluteLink) };
};

export const createPreOrder = async (input: PreOrderCreate) =>
  withAbsoluteLink(await api.call(preordersCalls.create, input, { silent: true }));

export const closePreOrder = (input: PreOrderClose) =>
  api.call(preordersCalls.close, input, { silent: true });

export const uploadPreOrders = (target: UploadTarget) =>
  api.upload(preordersCalls.upload, uploadForm(target), { silent: true });
