import type { Page } from '../contract/envelope';
import type { PreOrderClose, PreOrderCreate, PreOrderCreated, PreOrderRow } from '../contract/preorders';
import type { UploadReply } from '../contract/uploads';
import { api } from './api';
import { uploadForm, type UploadTarget } from './links';

/** Pre-orders (payment requests): /history/preOrder/* (docs/api.md). */
export const pagePreOrders = (query: Record<string, unknown>) =>
  api.call<Page<PreOrderRow>>('/history/preOrder/page', query);

export const createPreOrder = (input: PreOrderCreate) =>
  api.call<PreOrderCreated>('/history/preOrder/create', input, { silent: true });

export const closePreOrder = (input: PreOrderClose) =>
  api.call<PreOrderRow>('/history/preOrder/close', input, { silent: true });

export const uploadPreOrders = (target: UploadTarget) =>
  api.upload<UploadReply>('/history/preOrder/uploadFile', uploadForm(target), { silent: true });
