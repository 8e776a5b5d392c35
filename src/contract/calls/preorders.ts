import { call, reply } from '../call';
import { PRE_ORDER_LIST, PreOrderPageQuery } from '../lists/preOrders';
import { type PreOrderRow, PreOrderCreate, type PreOrderCreated, PreOrderClose } from '../preorders';
import { type Page } from '../envelope';
import { UploadInput, type UploadReply } from '../uploads';

/** The preorders calls (docs/api.md). */
export const preordersCalls = {
  page: call(PRE_ORDER_LIST.path, {
    access: PRE_ORDER_LIST.route,
    input: PreOrderPageQuery,
    reply: reply<Page<PreOrderRow>>(),
  }),
  create: call('/history/preOrder/create', {
    access: '/manage/onepay',
    input: PreOrderCreate,
    reply: reply<PreOrderCreated>(),
    writes: true,
  }),
  upload: call('/history/preOrder/uploadFile', {
    access: '/manage/onepay',
    input: UploadInput,
    reply: reply<UploadReply>(),
    kind: 'upload',
    writes: true,
  }),
  close: call('/history/preOrder/close', {
    access: '/manage/onepay',
    input: PreOrderClose,
    reply: reply<PreOrderRow>(),
    writes: true,
  }),
} as const;
