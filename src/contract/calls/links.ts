import { call, reply } from '../call';
import { PAY_LINK_LIST, PayLinkPageQuery } from '../lists/payLinks';
import { PayLinkCreate, type PayLinkCreated, PayLinkClose, type PayLinkRow } from '../links';
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
  page: call(PAY_LINK_LIST.path, {
    access: PAY_LINK_LIST.route,
    input: PayLinkPageQuery,
    reply: reply<Page<PayLinkRow>>(),
    writes: true,
  }),
} as const;
