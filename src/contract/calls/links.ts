import { call, reply } from '../call';
import {
  PayLinkCreate,
  type PayLinkCreated,
  PayLinkClose,
  type PayLinkRow,
  PayLinkPageQuery,
} from '../links';
import { UploadInput, type UploadReply } from '../uploads';
import { type Page } from '../envelope';

/** The links calls (docs/api.md). */
export const linksCalls = {
  create: call('/pay/pay/create', {
    access: '/manage/url',
    input: PayLinkCreate,
    reply: reply<PayLinkCreated>(),
    writes: true,
  }),
  close: call('/pay/pay/close', {
    access: '/manage/url',
    input: PayLinkClose,
    reply: reply<PayLinkRow>(),
    writes: true,
  }),
  upload: call('/pay/pay/uploadFile', {
    access: '/manage/url',
    input: UploadInput,
    reply: reply<UploadReply>(),
    kind: 'upload',
    writes: true,
  }),
  page: call('/history/urlOrderPay/page', {
    access: '/manage/url',
    input: PayLinkPageQuery,
    reply: reply<Page<PayLinkRow>>(),
    writes: true,
  }),
} as const;
